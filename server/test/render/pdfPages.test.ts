/**
 * Poppler's pages as the renderer returns them (pdfPages.ts), from fixtures and hand-made PDFs: a
 * scanned page is stored as JPEG and a text page as PNG; the whole render stops at its time limit;
 * drawing stops at the run of pages that would pass the images' byte budget, the rest linked; a page too large to
 * draw makes the PDF unrenderable. Texts expected are the fixtures' own (their SOURCE.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPdfRenderer, PAGE_WIDTHS, PAGES_PER_RUN, type PdfPages } from '../../src/render/pdfPages';
import { RenderTimeoutError } from '../../src/render/renderPool';
import { UnrenderableError } from '../../src/render/unrenderable';
import { handPdf } from '../support/handPdf';

jest.setTimeout(240_000);

const FIXTURES = path.resolve(__dirname, '../../dev/fakeDrive/exports/pdf');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
const imageBytes = (drawn: PdfPages) => drawn.pages.reduce((sum, page) => sum + [...page.images.values()].reduce((s, image) => s + image.bytes.length, 0), 0);

test('a scanned page is stored as JPEG at every width, a text page as PNG', async () => {
  const drawn = await createPdfRenderer().render(fixture('scanned.pdf'));
  expect(drawn.total).toBe(2);
  const [photo, text] = drawn.pages;
  expect([...photo!.images.keys()]).toEqual([...PAGE_WIDTHS]);
  for (const image of photo!.images.values()) {
    expect(image.type).toBe('image/jpeg');
    expect(isJpeg(image.bytes)).toBe(true);
  }
  for (const image of text!.images.values()) {
    expect(image.type).toBe('image/png');
    expect(isPng(image.bytes)).toBe(true);
  }
  // The JPEG's page keeps the page's A4 ratio at 1280 px; each page's text is the fixture's line.
  expect([photo!.width, Math.abs(photo!.height / photo!.width - 842 / 595) < 0.01]).toEqual([1280, true]);
  expect(drawn.pages.map((page) => page.paragraphs)).toEqual([['A scanned photograph'], ['Page 2 holds text only']]);
  // A JPEG at 1920 px of the photograph is far smaller than its pixels (a PNG of it is above 0.5 byte a pixel).
  expect(photo!.images.get(1920)!.bytes.length).toBeLessThan(0.25 * 1920 * 2716);
});

test('the whole render stops at its time limit, whatever each tool may take', async () => {
  const started = Date.now();
  const render = createPdfRenderer({ totalTimeMs: 1500 }).render(fixture('hundred-pages.pdf'));
  await expect(render).rejects.toThrow(RenderTimeoutError);
  expect(Date.now() - started).toBeLessThan(30_000);
});

test('drawing stops at the run of pages that would pass the images’ budget: the pages before it are kept, the rest linked', async () => {
  const pdf = handPdf({ pages: 100, text: 'A page among many' });
  // Every page is the same: the budget holds one and a half runs of pages.
  const perPage = imageBytes(await createPdfRenderer({ maxPages: 1 }).render(pdf));
  const budget = Math.floor(PAGES_PER_RUN * 1.5 * perPage);
  const drawn = await createPdfRenderer({ maxImageBytes: budget }).render(pdf);
  expect(drawn.total).toBe(100);
  expect(drawn.pages).toHaveLength(PAGES_PER_RUN);
  expect(imageBytes(drawn)).toBeLessThanOrEqual(budget);
  expect(drawn.pages.every((page) => page.images.size === PAGE_WIDTHS.length && page.paragraphs[0] === 'A page among many')).toBe(true);
});

test('a page too tall to draw makes the PDF unrenderable rather than filling the memory', async () => {
  // A page 110 times as tall as wide (the same length of text, so the file stays well-formed).
  const tall = Buffer.from(handPdf().toString('latin1').replace('/MediaBox [0 0 612 792]', '/MediaBox [0 0 72 7920]'), 'latin1');
  const render = createPdfRenderer().render(tall);
  await expect(render).rejects.toThrow(UnrenderableError);
  await expect(render).rejects.toMatchObject({ reason: 'too_large' });
});
