/**
 * The fake drive's document exports, file contents and thumbnails (issue 20, point 7). Documents
 * export as the real exports of `exports/` (copied from ../shared/fixtures/google-docs-export, with
 * their licences): the welcome document as the 27 KB reference document, the others by turns.
 * Documents of our own cover what those lack: footnotes with non-Latin text, a very long document,
 * one over the drive's 10 MB export limit, and one in the older shape and one with legal numbering (exports/own). Real
 * exports of 2014 (exports/momus) are the documents of Projects > 2025. Image URLs of an export point at the fake's own
 * image endpoint (the real ones are signed and expire), which, like the thumbnails, answers a
 * small generated PNG.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { driveId, DRIVE_IDS } from '../../../mirage/driveIds';

/**
 * The exports folder stays in the source tree: beside this file when it runs from the sources (the
 * tests), found by walking up from the compiled copy under `.data/server-dev` (`npm run serve`).
 */
const EXPORTS_PATH = path.join('server', 'dev', 'fakeDrive', 'exports');
export const exportsDir = (): string => {
  const candidates = [path.join(__dirname, 'exports')];
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) candidates.push(path.join(dir, EXPORTS_PATH));
  for (const dir of candidates) {
    try {
      readdirSync(dir);
      return dir;
    } catch {
      // not this one
    }
  }
  throw new Error('The fake drive has no exports folder.');
};

export const REFERENCE_DOCUMENT = 'devex-reference-document.html';

const fixtureNames = (): string[] =>
  readdirSync(exportsDir())
    .filter((f) => f.endsWith('.html'))
    .sort();

/** Footnotes in Cyrillic, Japanese and Korean, as the drive writes them: numeric entities, `#ftnt` anchors after an `<hr>`. */
function footnotesDocument(title: string): string {
  const entities = (text: string) => [...text].map((c) => (c.charCodeAt(0) > 127 ? `&#${c.codePointAt(0)};` : c)).join('');
  return `<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">.c1{font-weight:700}.c2{vertical-align:super}</style></head><body class="doc-content"><h1 id="h.fn1">${entities(title)}</h1><p><span>${entities('Отчёт о продажах')}</span><sup><a href="#ftnt1" id="ftnt_ref1">[1]</a></sup><span> ${entities('会議メモ')} </span><span class="c1">${entities('프로젝트 회의록')}</span><sup><a href="#ftnt2" id="ftnt_ref2">[2]</a></sup></p><p><a href="#cmnt1" id="cmnt_ref1">[a]</a><span>Commented text.</span></p><hr class="c3"><div><p><a href="#ftnt_ref1" id="ftnt1">[1]</a><span>&nbsp;${entities('Первая сноска.')}</span></p></div><div><p><a href="#ftnt_ref2" id="ftnt2">[2]</a><span>&nbsp;${entities('二つ目の脚注。')}</span></p></div><div><p><a href="#cmnt_ref1" id="cmnt1">[a]</a><span>Grace Hopper: a private comment</span></p></div></body></html>`;
}

const longDocuments = new Map<number, string>();

/** A long document (made once per length: the 11 MB one takes a while to build on a loaded machine). */
function longDocument(paragraphs: number): string {
  let made = longDocuments.get(paragraphs);
  if (made === undefined) longDocuments.set(paragraphs, (made = buildLongDocument(paragraphs)));
  return made;
}

function buildLongDocument(paragraphs: number): string {
  const body: string[] = [];
  for (let i = 1; i <= paragraphs; i += 1) {
    if (i % 50 === 1) body.push(`<h2 id="h.s${i}">Section ${Math.ceil(i / 50)}</h2>`);
    body.push(`<p class="c1"><span>Paragraph ${i}: the quick brown fox jumps over the lazy dog, again and again, until the page is long.</span></p>`);
  }
  return `<html><head><style type="text/css">.c1{text-align:justify}</style></head><body>${body.join('')}</body></html>`;
}

/** Special documents by file id; every other document exports as one of the fixtures. */
const SPECIAL: Record<string, () => string> = {
  [driveId('file/cyrillic')]: () => footnotesDocument('Отчёт о продажах за квартал'),
  [driveId('file/japanese')]: () => footnotesDocument('会議メモ 2026年7月'),
  [driveId('file/korean')]: () => footnotesDocument('프로젝트 회의록'),
  [driveId('file/draft-launch')]: () => longDocument(2000),
  // 11.2 MB, over the drive's 10 MB export limit: the fake drive refuses its export, as the drive does.
  [DRIVE_IDS.q3Plan]: () => longDocument(84_000),
  // Written by this project in the shape of older (about 2012) and Word-converted exports: exports/own.
  [DRIVE_IDS.travelPolicy]: () => readFileSync(path.join(exportsDir(), 'own', 'older-export.html'), 'utf8'),
  [DRIVE_IDS.dataPolicy]: () => readFileSync(path.join(exportsDir(), 'own', 'legal-numbering.html'), 'utf8'),
};

/** Real exports of 2014 (exports/momus, with their licence), each the export of one document of Projects > 2025. */
export const MOMUS_EXPORTS: Readonly<Record<string, string>> = {
  [DRIVE_IDS.momusComments]: 'momus/comments.html',
  [DRIVE_IDS.momusCommentInHeading]: 'momus/comment-in-heading.html',
  [DRIVE_IDS.momusLists]: 'momus/lists.html',
  [DRIVE_IDS.momusTable]: 'momus/table-and-image.html',
};

/** A fixture of `exports/`, its image URLs pointing at `imageBase` (the real ones are signed and expire). */
function fixtureExport(name: string, fileId: string, imageBase: string): string {
  let n = 0;
  return readFileSync(path.join(exportsDir(), name), 'utf8').replace(/(<img\b[^>]*?\ssrc=")https:\/\/[^"]+"/g, (_whole, start: string) => {
    n += 1;
    return `${start}${imageBase}/${encodeURIComponent(fileId)}-${n}.png"`;
  });
}

/** The export of a document, its image URLs pointing at `imageBase` (the fake's own image endpoint). */
export function exportOf(fileId: string, imageBase: string): string {
  const special = SPECIAL[fileId];
  if (special) return special();
  const momus = MOMUS_EXPORTS[fileId];
  if (momus) return fixtureExport(momus, fileId, imageBase);
  const names = fixtureNames();
  const name =
    fileId === DRIVE_IDS.welcomeDoc ? REFERENCE_DOCUMENT : (names[[...fileId].reduce((n, c) => n + c.charCodeAt(0), 0) % names.length] ?? REFERENCE_DOCUMENT);
  return fixtureExport(name, fileId, imageBase);
}

/** A PDF file's content: the price list (exports/pdf/price-list.pdf, SOURCE.md there). */
export function pdfOf(): Buffer {
  return readFileSync(path.join(exportsDir(), 'pdf', 'price-list.pdf'));
}

/** A presentation's PDF export: the 20-slide deck of exports/slides when it is there, else the three slides of exports/pdf. */
export function slidesPdfOf(): Buffer {
  const deck = path.join(exportsDir(), 'slides', 'deck-20.pdf');
  return readFileSync(existsSync(deck) ? deck : path.join(exportsDir(), 'pdf', 'slides-3.pdf'));
}

/** The content of a text file. */
export function textOf(title: string): string {
  return `# ${title}\n\nA plain text file of the fake drive.\n\n- It is shown as text: <b>markup</b> stays text.\n`;
}

// A PNG: signature, IHDR, IDAT (zlib of the rows), IEND, each chunk with its CRC-32.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A width × height PNG, a horizontal gradient in a colour taken from `seed`. Every row is the same
 * row, so even a 1600 px thumbnail is made in a few milliseconds (the tests ask for many).
 */
export function pngOf(width: number, height: number, seed: string): Buffer {
  const hue = [...seed].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 256, 7);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) {
    const shade = Math.round((x / width) * 160);
    row[1 + x * 3] = hue;
    row[2 + x * 3] = 90 + (shade % 120);
    row[3 + x * 3] = 255 - shade;
  }
  const rows = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
