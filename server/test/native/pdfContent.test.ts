/**
 * PDFs and presentations shown as part of the page, through the real server and the fake drive:
 * the owner's route answers the pages (a PDF's bytes with `alt=media`, a presentation's PDF export)
 * as figures with their images and text, stored by file id and version and rendered again when the
 * version changes, the stored copy answered while the drive fails; a scanned page's image served as
 * JPEG, a text page's as PNG. Hostile PDFs: a malformed one is unrenderable, one with JavaScript
 * actions and an embedded file is drawn with neither reaching the page, one of thousands of pages
 * shows its first pages and a link to the rest (on a server drawing 3 pages at most), one over the size limit is refused. The texts expected are the fixtures' own (their SOURCE.md), not our output.
 */
import { DRIVE_IDS, driveId, MIME } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import type { Renderer } from '../../src/render/renderPool';
import { createPdfRenderer } from '../../src/render/pdfPages';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DriveApp } from '../support/driveApp';
import { handPdf } from '../support/handPdf';
import { ownerInstance } from '../support/instances';
import { connectOwner, openNativeTest, startConnectedNativeApp, WELCOME_DOC, type NativeAppOptions } from '../support/nativeApp';
import { apiUrl, save, type Who } from '../support/requests';

jest.setTimeout(300_000);

const FIXTURES = path.resolve(__dirname, '../../dev/fakeDrive/exports/pdf');
const PRESENTATION = driveId('file/quarterly-review');
let db: Database;
let renderer: Renderer;
let t: DriveApp;
const panel: Who = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };
const PDF_MODEL = { ...WELCOME_DOC, activeFileId: DRIVE_IDS.annualPdf, activeFileTitle: 'Annual report 2025.pdf', activeFileMimeType: MIME.pdf };

/** The seed's PDF and presentation are private: shared with whoever has the link, so the owner's route answers them. */
function share(): void {
  for (const id of [DRIVE_IDS.annualPdf, PRESENTATION]) t.fake.permissions.insert(id, { role: 'reader', type: 'anyone', withLink: true }, null);
}

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
  t = await startConnectedNativeApp(db, renderer, panel);
  share();
}, 240_000);
afterAll(async () => {
  await t.close();
  await renderer.close();
  await db.close();
});

interface Answer {
  content: { fileId: string; html: string; version: number } | null;
  error?: string;
}

async function content(until: (body: Answer) => boolean = () => true): Promise<{ statusCode: number; body: Answer }> {
  const deadline = Date.now() + 200_000;
  for (;;) {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel) });
    const body = answer.json<Answer>();
    if ((body.error !== 'content_not_ready' && until(body)) || Date.now() > deadline) return { statusCode: answer.statusCode, body };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A fresh server (with `options`: e.g. a PDF renderer of its own) and database. */
async function restart(options: NativeAppOptions = {}): Promise<void> {
  await t.close();
  await db.query('TRUNCATE native_renderings, native_widget_content, native_render_failures, native_owner_renders');
  t = await startConnectedNativeApp(db, renderer, panel, null, options);
  share();
}

const figures = (html: string) => html.match(/<figure class="dfw-page">/g)?.length ?? 0;
/** Each page's text as the page shows it (its figcaption's paragraphs). */
const captions = (html: string) =>
  Array.from(html.matchAll(/<figcaption class="dfw-page-text">(.*?)<\/figcaption>/gs), (m) => Array.from(m[1]!.matchAll(/<p>(.*?)<\/p>/g), (p) => p[1]));

test('a PDF shows its pages with their images and text, rendered again when its version changes', async () => {
  await save(t.app, panel, PDF_MODEL, 0);
  const first = await content();
  expect(first.statusCode).toBe(200);
  const html = first.body.content?.html ?? '';
  expect(html).toMatch(/^<div class="dfw-pages" data-kind="pdf">/);
  expect(figures(html)).toBe(3);
  // The price list's text (exports/pdf/SOURCE.md: make.mjs's pageText).
  expect(captions(html)[1]).toEqual(['Price list, page 2 of 3', 'Espresso 2.20 EUR', 'Filter coffee 2.50 EUR', 'Opening hours: 8 to 14']);
  // Each page's image at three widths, our image route's paths; the first loaded at once, the others lazily; the page's A4 ratio.
  const imgs = html.match(/<img [^>]*>/g) ?? [];
  expect(imgs).toHaveLength(3);
  expect(imgs[0]).not.toContain('loading');
  expect(imgs[1]).toContain('loading="lazy"');
  expect(imgs[0]).toMatch(
    /srcset="\/content\/images\/[\w-]+(\?[^ ]*)? 640w, \/content\/images\/[\w-]+(\?[^ ]*)? 1280w, \/content\/images\/[\w-]+(\?[^ ]*)? 1920w"/,
  );
  const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(imgs[0]!) ?? [];
  expect(Number(h) / Number(w)).toBeCloseTo(297 / 210, 2);
  expect(html).not.toContain('dfw-pages-more');
  const media = t.fake.log.filter((c) => c.path === `/drive/v2/files/${DRIVE_IDS.annualPdf}` && c.query.alt === 'media');
  expect(media).toHaveLength(1);

  // The image the page names is served, a PNG 1280 px wide.
  const src = /src="([^"?]+)/.exec(imgs[0]!)?.[1] ?? '';
  const image = await t.inject({ method: 'GET', url: `${src}${/src="[^"?]+(\?[^"]*)"/.exec(imgs[0]!)?.[1]?.replace(/&amp;/g, '&') ?? ''}` });
  expect(image.statusCode).toBe(200);
  expect(image.rawPayload.readUInt32BE(16)).toBe(1280);

  t.fake.content.touch(DRIVE_IDS.annualPdf);
  const second = await content((body) => body.content?.version === 2);
  expect(second.body.content?.version).toBe(2);
  t.fake.failNext(1000);
  expect((await content()).body.content?.version).toBe(2);
  t.fake.failNext(0); // The drive answers again.

  // Made private on the drive: no longer shown.
  t.fake.permissions.remove(DRIVE_IDS.annualPdf, 'anyoneWithLink');
  expect((await content((body) => body.content === null)).body.content).toBeNull();
  expect((await t.inject({ method: 'GET', url: src })).statusCode).toBe(404);
});

test('two widgets asking for the same new version at once: the PDF is drawn once', async () => {
  // Draws counted (a download's attempts are the drive client's: a slow machine may retry one).
  const poppler = createPdfRenderer();
  let draws = 0;
  await restart({ pdfRenderer: { render: (pdf) => ((draws += 1), poppler.render(pdf)) } });
  const second: Who = { ...panel, origCompId: 'comp-2' };
  await connectOwner(t, second);
  await save(t.app, panel, PDF_MODEL, 0);
  await save(t.app, second, PDF_MODEL, 0);
  const contentOf = async (who: Who) => {
    for (const deadline = Date.now() + 200_000; ;) {
      const body = (await t.inject({ method: 'GET', url: apiUrl('/api/content', who) })).json<Answer>();
      if (body.error !== 'content_not_ready' || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  const [a, b] = await Promise.all([contentOf(panel), contentOf(second)]);
  expect([a.error, b.error]).toEqual([undefined, undefined]);
  expect(a.content?.version).toBe(1);
  expect(b.content?.version).toBe(1);
  expect(b.content?.html).toBe(a.content?.html);
  expect(draws).toBe(1);
});

test("a presentation shows its slides from the drive's PDF export, as slides", async () => {
  await restart();
  t.fake.content.replace(PRESENTATION, readFileSync(path.join(FIXTURES, 'slides-3.pdf')));
  await save(t.app, panel, { ...WELCOME_DOC, activeFileId: PRESENTATION, activeFileTitle: 'Quarterly review', activeFileMimeType: MIME.presentation }, 0);
  const html = (await content()).body.content?.html ?? '';
  expect(html).toMatch(/^<div class="dfw-pages" data-kind="slides">/);
  expect(captions(html)[0]).toEqual(['Quarterly review, slide 1', 'Growth in region 1', 'Next step 1: ship it']);
  const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(html) ?? [];
  expect(Number(w) / Number(h)).toBeCloseTo(16 / 9, 1);
  const exports = t.fake.log.filter((c) => c.path === `/drive/v2/files/${PRESENTATION}/export`);
  expect(exports.map((c) => c.query.mimeType)).toEqual(['application/pdf']);
});

test('a malformed PDF is unrenderable: its page shows the drive’s viewer', async () => {
  await restart();
  t.fake.content.replace(DRIVE_IDS.annualPdf, Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\n%%EOF garbage'));
  await save(t.app, panel, PDF_MODEL, 0);
  const refused = await content();
  expect(refused.statusCode).toBe(422);
  expect(refused.body.error).toBe('content_unrenderable');
});

test('a PDF larger than the limit is refused before it is drawn', async () => {
  await restart();
  t.fake.content.replace(DRIVE_IDS.annualPdf, Buffer.concat([handPdf(), Buffer.alloc(20 * 1024 * 1024)]));
  await save(t.app, panel, PDF_MODEL, 0);
  const refused = await content();
  expect(refused.statusCode).toBe(422);
  expect(refused.body.error).toBe('content_unrenderable');
});

test('JavaScript actions and an embedded file never reach the page', async () => {
  await restart();
  const script = "app.launchURL('https://attacker.example/pdf-js-ran', true);";
  t.fake.content.replace(DRIVE_IDS.annualPdf, handPdf({ pages: 2, text: 'Visible page text', script, embedded: 'EMBEDDED-SECRET-4417' }));
  await save(t.app, panel, PDF_MODEL, 0);
  const html = (await content()).body.content?.html ?? '';
  expect(figures(html)).toBe(2);
  expect(captions(html)[0]).toEqual(['Visible page text']);
  expect(html).not.toMatch(/attacker|launchURL|EMBEDDED-SECRET|secret\.txt|<script|javascript:/i);
});

test('a PDF of thousands of pages shows its first pages and links to the rest in the drive', async () => {
  // The cut, not the limit's value: a server drawing at most LIMIT pages (the real limit's 100 pages all shown: nativePdf.e2e.ts).
  const LIMIT = 3;
  await restart({ pdfRenderer: createPdfRenderer({ maxPages: LIMIT }) });
  t.fake.content.replace(DRIVE_IDS.annualPdf, handPdf({ pages: 5000, text: 'One of many pages' }));
  await save(t.app, panel, PDF_MODEL, 0);
  const html = (await content()).body.content?.html ?? '';
  expect(captions(html)).toEqual(Array.from({ length: LIMIT }, () => ['One of many pages']));
  expect(figures(html)).toBe(LIMIT);
  // Its numbers and no words: each widget says them in its language (moreLinkWords.test.ts).
  expect(html).toContain(
    `<p class="dfw-pages-more"><a href="https://drive.google.com/file/d/${DRIVE_IDS.annualPdf}/view" data-more="pages" data-from="${LIMIT + 1}" data-to="5000"></a></p>`,
  );
});

test('a scanned page is served as JPEG and a text page as PNG, each with its own type', async () => {
  await restart();
  t.fake.content.replace(DRIVE_IDS.annualPdf, readFileSync(path.join(FIXTURES, 'scanned.pdf')));
  await save(t.app, panel, PDF_MODEL, 0);
  const html = (await content()).body.content?.html ?? '';
  expect(captions(html)).toEqual([['A scanned photograph'], ['Page 2 holds text only']]);
  const served = [];
  for (const img of html.match(/<img [^>]*>/g) ?? []) {
    const [, src = ''] = /src="([^"]+)"/.exec(img) ?? [];
    const image = await t.inject({ method: 'GET', url: src.replace(/&amp;/g, '&') });
    expect(image.statusCode).toBe(200);
    served.push({ type: image.headers['content-type'], signature: image.rawPayload.subarray(0, 3).toString('hex') });
  }
  expect(served).toEqual([
    { type: 'image/jpeg', signature: 'ffd8ff' },
    { type: 'image/png', signature: '89504e' },
  ]);
});
