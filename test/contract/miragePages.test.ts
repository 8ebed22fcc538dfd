/**
 * Mirage's PDFs and presentations as part of the page (mirage/nativePages.ts), asked as the panel asks:
 * the server's HTML (its render worker's, sanitized, for the same drawn pages: docs/pdfs.md), every
 * page's text as the fixture's JSON source holds it, and nothing the element's own sanitizer (the
 * contract's rules, the server's too) would drop. Without poppler, a stand-in that says why.
 */
import type { Server } from 'miragejs';
import handbook from '../../server/dev/fakeDrive/exports/pdf/hundred-pages.json';
import nonLatin from '../../server/dev/fakeDrive/exports/pdf/non-latin.json';
import priceList from '../../server/dev/fakeDrive/exports/pdf/price-list.json';
import deck from '../../server/dev/fakeDrive/exports/slides/deck-20.json';
import { pagesSource } from '../../server/src/render/pagesJob';
import type { Renderer } from '../../server/src/render/renderPool';
import { testRenderer } from '../../server/test/support/renderer';
import { ROUTES } from '../../src/api/routes';
import { checkShape, NativeContentSchema } from '../../src/api/schemas';
import { purifiedContent } from '../../src/element/purifiedContent';
import { DRIVE_IDS, driveId, MIME } from '../../mirage/driveIds';
import { fixturePages, pageFixtureOf, type PageFixture } from '../../mirage/nativePages';
import { makeServer } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { apiUrl, call, PANEL } from '../../mirage/testHelpers';

jest.setTimeout(60_000);

/** The server's render worker (jsdom, the server's sanitizer), in a thread of its own. */
let renderer: Renderer;
beforeAll(() => {
  renderer = testRenderer({ timeoutMs: 50_000 });
});
afterAll(() => renderer.close());

/** What the server stores for the fixture's pages, drawn as Mirage names them. */
function serverRendering(kind: 'pdf' | 'slides', fixture: PageFixture): Promise<string> {
  const pages = fixturePages(fixture);
  return renderer.render('pages', pagesSource({ kind, pages, total: pages.length, driveUrl: 'https://drive.google.com/file/d/x/view' }));
}

let server: Server;
let revision = 0;
beforeEach(() => {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
  revision = 0;
});
afterEach(() => {
  server.shutdown();
  delete process.env.STAGE_NO_PAGE_IMAGES;
});

/** Shares the file with anyone, saves it as the widget's file, and reads the owner's rendering of it. */
async function shownAsPartOfThePage(fileId: string, title: string, mimeType: string): Promise<string> {
  const share = { method: 'POST', body: JSON.stringify({ fileId, role: 'reader', type: 'anyone' }) };
  expect((await call(apiUrl(ROUTES.permissionsList, PANEL), share)).status).toBe(200);
  const user = { activeFileId: fileId, activeFilePerm: 'reader', activeFileTitle: title, activeFileMimeType: mimeType };
  const body = new URLSearchParams({ user: JSON.stringify(user), revision: String(revision) });
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  const saved = await call<{ revision: number }>(apiUrl(ROUTES.save, PANEL), { method: 'POST', headers, body });
  expect(saved.status).toBe(200);
  revision = saved.body.revision;
  const answer = await call(apiUrl(ROUTES.nativeContent, PANEL));
  expect(answer.status).toBe(200);
  expect(checkShape(NativeContentSchema, answer.body).ok).toBe(true);
  expect(answer.body.content.fileId).toBe(fileId);
  return answer.body.content.html as string;
}

const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html');
/** Each page's paragraphs as shown. */
const pageTexts = (html: string) =>
  Array.from(parsed(html).querySelectorAll('figure.dfw-page > figcaption.dfw-page-text'), (caption) => Array.from(caption.children, (p) => p.textContent));

/** The element's second sanitize (the contract's rules) keeps every element and attribute. */
function expectKeptByTheElement(html: string) {
  const box = document.createElement('div');
  box.append(purifiedContent(html, '', window));
  expect(box.innerHTML).toBe(html);
}

describe('a presentation as part of the page', () => {
  it('is the 20-slide deck in the server’s HTML: each slide’s image at two widths and its text from deck-20.json', async () => {
    const html = await shownAsPartOfThePage(DRIVE_IDS.quarterlyReview, 'Quarterly review', MIME.presentation);
    // The server's rendering of the same pages, sanitized by the server: the same HTML, nothing dropped.
    expect(html).toBe(await serverRendering('slides', 'deck-20'));
    const doc = parsed(html);
    expect(doc.body.children).toHaveLength(1);
    expect(doc.querySelector('div')?.outerHTML).toMatch(/^<div class="dfw-pages" data-kind="slides"><figure class="dfw-page"><img /);
    // Every attribute of the server's page image, in its order (server/src/render/renderPages.ts).
    const attributes = (img: Element) => Array.from(img.attributes, (a) => `${a.name}=${a.value}`);
    expect(attributes(doc.querySelectorAll('img')[1]!)).toEqual([
      'src=/content/images/stage-deck-20-2-1280',
      'srcset=/content/images/stage-deck-20-2-640 640w, /content/images/stage-deck-20-2-1280 1280w',
      'sizes=(max-width: 700px) 100vw, 1280px',
      'width=1280',
      'height=720',
      'alt=',
      'decoding=async',
      'loading=lazy',
    ]);
    expect(Array.from(doc.querySelectorAll('figure'), (f) => Array.from(f.children, (c) => `${c.localName}.${c.className}`).join(' '))).toEqual(
      Array(20).fill('img. figcaption.dfw-page-text'),
    );
    expect(doc.querySelector('div.dfw-pages')?.getAttribute('data-kind')).toBe('slides');
    const images = Array.from(doc.querySelectorAll('figure.dfw-page > img'));
    expect(images).toHaveLength(20);
    expect(images.map((img) => [img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')])).toEqual(
      images.map((_, i) => ['1280', '720', i === 0 ? null : 'lazy']),
    );
    expect(pageTexts(html)).toEqual(deck.slides.map((slide) => [slide.title, ...slide.bullets]));
    expectKeptByTheElement(html);
  });

  it('is the same deck for every presentation of the seeded drive, as the fake drive exports one', async () => {
    const html = await shownAsPartOfThePage(driveId('file/greek'), 'Σημειώσεις συνάντησης', MIME.presentation);
    expect(pageTexts(html)[19]).toEqual([deck.slides[19]!.title, ...deck.slides[19]!.bullets]);
  });
});

describe('a PDF as part of the page', () => {
  it('the annual report is the 100-page PDF, every page’s text from hundred-pages.json', async () => {
    const html = await shownAsPartOfThePage(DRIVE_IDS.annualPdf, 'Annual report 2025.pdf', MIME.pdf);
    expect(html).toBe(await serverRendering('pdf', 'hundred-pages'));
    expect(parsed(html).querySelector('div.dfw-pages')?.getAttribute('data-kind')).toBe('pdf');
    const texts = pageTexts(html);
    expect(texts).toHaveLength(100);
    handbook.pages.forEach((page, i) => {
      expect(texts[i]!.slice(0, 4)).toEqual([page.heading, ...page.paragraphs]);
      expect(texts[i]!.at(-1)).toBe(`Page ${page.page} of 100`);
    });
    expect(texts[6]).toContain('Annex 7 12:00–19:00 10:00–13:00');
    expect(parsed(html).querySelector('img')?.getAttribute('height')).toBe('1811');
    expectKeptByTheElement(html);
  });

  it('the PDF with the accented title is the page of non-Latin text; any other PDF the price list', async () => {
    const accents = await shownAsPartOfThePage(DRIVE_IDS.accentsPdf, 'Café résumé', MIME.pdf);
    expect(pageTexts(accents)).toEqual([[nonLatin.title, ...nonLatin.lines.flatMap((line) => [line.script, line.text])]]);
    expectKeptByTheElement(accents);
    expect(accents).toBe(await serverRendering('pdf', 'non-latin'));
    const other = await shownAsPartOfThePage(driveId('file/others-paper'), 'On computable numbers.pdf', MIME.pdf);
    expect(pageTexts(other)).toEqual(priceList.pages.map((page) => [page.title, ...page.lines]));
    expect(pageFixtureOf('pdf', DRIVE_IDS.welcomeDoc)).toBe('price-list');
  });
});

it('says why instead of the pages where the stage cannot draw them (no poppler)', async () => {
  process.env.STAGE_NO_PAGE_IMAGES = "poppler's pdftoppm is <not> installed";
  const html = await shownAsPartOfThePage(DRIVE_IDS.quarterlyReview, 'Quarterly review', MIME.presentation);
  const doc = parsed(html);
  expect(doc.querySelector('img')).toBeNull();
  expect(doc.querySelector('h1')?.textContent).toBe('Quarterly review');
  expect(doc.querySelector('p')?.textContent).toBe("The stage cannot draw this file's pages: poppler's pdftoppm is <not> installed.");
});
