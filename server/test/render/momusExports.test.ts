/**
 * @jest-environment jsdom
 *
 * Real exports of 2014 (the fake drive's `exports/momus`, from the Momus project's tests, Apache-2.0):
 * comments whose anchors are named with `name=` (in the text and in a heading), headings named with
 * `name=`, lists whose level and numbering are only their `lst-kix_<list>-<level>` class and the
 * style block's counters, and a table with an image. Each is rendered and read back from the DOM;
 * what is expected is read from the export itself (its comments, headings, lists and cells), not
 * written down from our output.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DRIVE_IDS } from '../../../mirage/driveIds';
import { exportOf, MOMUS_EXPORTS } from '../../dev/fakeDrive/exports';
import { exportImageSources } from '../../src/render/exportLimits';
import type { Renderer } from '../../src/render/renderPool';
import { testRenderer } from '../support/renderer';

const EXPORTS = path.resolve(__dirname, '../../dev/fakeDrive/exports');
const IMAGES = 'https://fake-drive.invalid/images';

jest.setTimeout(60_000);

let renderer: Renderer;
beforeAll(() => {
  renderer = testRenderer();
});
afterAll(() => renderer.close());

const parse = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');
/** The export of a document as the fake drive answers it, parsed. */
const exported = (fileId: string): Document => parse(exportOf(fileId, IMAGES));
/** The rendering of a document's export, each of its images kept by us (as the server keeps them) at `/content/images/<n>`. */
async function rendered(fileId: string): Promise<Document> {
  const source = exportOf(fileId, IMAGES);
  const images = new Map(exportImageSources(source).map((src, i) => [src, { src: `/content/images/kept-image-${i}-0000000000`, width: null, height: null }]));
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = await renderer.render('document', source, images);
  return doc;
}
const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** An element's text without the comment markers (`<sup><a href="#cmnt…">`) inside it. */
function textWithoutMarkers(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('a[href^="#cmnt"]').forEach((marker) => (marker.closest('sup') ?? marker).remove());
  return squash(copy.textContent);
}

/** The export's comments: each one's marker and text (the paragraph its `name="cmntN"` anchor starts). */
function commentsOf(source: Document): { marker: string; text: string }[] {
  return Array.from(source.querySelectorAll('a[name^="cmnt"]:not([name^="cmnt_ref"])')).map((anchor) => ({
    marker: squash(anchor.textContent),
    text: squash(anchor.closest('p')?.textContent).slice(squash(anchor.textContent).length).trim(),
  }));
}

it('the fake drive answers each real export unchanged, from the folder that holds its licence', () => {
  expect(readFileSync(path.join(EXPORTS, 'momus', 'LICENSE'), 'utf8')).toContain('Apache License');
  for (const [fileId, name] of Object.entries(MOMUS_EXPORTS))
    if (fileId !== DRIVE_IDS.momusTable) expect(exportOf(fileId, IMAGES)).toBe(readFileSync(path.join(EXPORTS, name), 'utf8'));
});

it.each([
  ['in the text', DRIVE_IDS.momusComments],
  ['in a heading', DRIVE_IDS.momusCommentInHeading],
])('never shows a comment whose anchor is named with name= (%s): neither its text nor its marker; the text it is on stays', async (_where, fileId) => {
  const source = exported(fileId);
  const comments = commentsOf(source);
  expect(comments.length).toBeGreaterThan(0);
  const out = await rendered(fileId);
  const text = squash(out.body.textContent);
  for (const comment of comments) {
    expect(comment.text).not.toBe('');
    expect(text).not.toContain(comment.text);
    expect(text).not.toContain(comment.marker);
  }
  // Every heading and paragraph of the document itself, without its markers, is on the page in order.
  const commentParagraphs = new Set(Array.from(source.querySelectorAll('a[name^="cmnt"]:not([name^="cmnt_ref"])'), (a) => a.closest('p')));
  const own = Array.from(source.body.querySelectorAll('h1, h2, h3, h4, h5, h6, p'))
    .filter((block) => !commentParagraphs.has(block as HTMLParagraphElement))
    .map(textWithoutMarkers)
    .filter(Boolean);
  const shown = Array.from(out.body.querySelectorAll('h1, h2, h3, h4, h5, h6, p'), (block) => squash(block.textContent)).filter(Boolean);
  expect(shown).toEqual(own);
});

it.each([DRIVE_IDS.momusComments, DRIVE_IDS.momusCommentInHeading, DRIVE_IDS.momusTable])(
  'keeps each heading at its level, and the anchor the export names it with, so links to it land (%s)',
  async (fileId) => {
    const source = exported(fileId);
    // The document's Title (a paragraph of the export's `title` style) is its first heading.
    const headings = Array.from(source.querySelectorAll('h1, h2, h3, h4, h5, h6, p.title'), (h) => ({
      level: h.localName === 'p' ? 'h1' : h.localName,
      text: textWithoutMarkers(h),
      anchor: h.querySelector('a[name^="h."]')?.getAttribute('name'),
    }));
    expect(headings.length).toBeGreaterThan(0);
    const out = await rendered(fileId);
    const shown = Array.from(out.body.querySelectorAll('h1, h2, h3, h4, h5, h6'), (h) => ({ level: h.localName, text: squash(h.textContent) }));
    expect(shown).toEqual(headings.map(({ level, text }) => ({ level, text })));
    for (const { anchor } of headings) {
      expect(anchor).toEqual(expect.stringMatching(/^h\./));
      expect(out.getElementById(anchor!)).not.toBeNull();
    }
  },
);

/** A list of the export: its kind, items, start and level (the `-N` of its lst-kix class), and its marker from the style block. */
function listsOf(source: Document) {
  const style = source.querySelector('style')?.textContent ?? '';
  return Array.from(source.body.querySelectorAll('ol, ul'), (list) => {
    const [, id = '', level = ''] = /\blst-kix_(\w+)-(\d+)\b/.exec(list.className) ?? [];
    const marker = new RegExp(`\\.lst-kix_${id}-${level}>li:before\\{content:([^}]*)\\}`).exec(style)?.[1] ?? '';
    return {
      kind: list.localName,
      items: Array.from(list.children, (li) => squash(li.textContent)),
      start: Number(list.getAttribute('start') ?? '1'),
      level: Number(level),
      counter: /counter\([\w-]+,([\w-]+)\)/.exec(marker)?.[1] ?? null,
    };
  });
}

it('draws each list as the export means it: its kind, items, level and numbering from its class and the style block’s counters', async () => {
  const lists = listsOf(exported(DRIVE_IDS.momusLists));
  expect(lists.map((l) => l.kind)).toEqual(['ol', 'ul']);
  const out = await rendered(DRIVE_IDS.momusLists);
  const top = Array.from(out.body.querySelectorAll('ol, ul')).filter((list) => !list.parentElement?.closest('ol, ul'));
  expect(top).toHaveLength(lists.length);
  top.forEach((list, i) => {
    const expected = lists[i]!;
    // Level 0 of its list: not nested in another list.
    expect(expected.level).toBe(0);
    expect(list.localName).toBe(expected.kind);
    expect(Array.from(list.children, (li) => squash(li.textContent))).toEqual(expected.items);
    if (expected.kind === 'ol') {
      expect(Number(list.getAttribute('start') ?? '1')).toBe(expected.start);
      expect(expected.counter).toBe('decimal');
      const type = list.getAttribute('type');
      const styleType = /list-style-type:\s*([\w-]+)/.exec(list.getAttribute('style') ?? '')?.[1];
      expect(type === null || type === '1').toBe(true);
      expect(styleType === undefined || styleType === 'decimal').toBe(true);
    }
  });
});

it('keeps the table’s cells and the image, its alternative text as the export gives it', async () => {
  const source = exported(DRIVE_IDS.momusTable);
  const cells = Array.from(source.querySelectorAll('tr'), (row) => Array.from(row.children, (cell) => squash(cell.textContent)));
  const alt = source.querySelector('img')?.getAttribute('alt');
  expect(cells.length).toBeGreaterThan(0);
  const out = await rendered(DRIVE_IDS.momusTable);
  expect(Array.from(out.querySelectorAll('tr'), (row) => Array.from(row.children, (cell) => squash(cell.textContent)))).toEqual(cells);
  expect(Array.from(out.querySelectorAll('img'), (img) => img.getAttribute('alt'))).toEqual([alt]);
});
