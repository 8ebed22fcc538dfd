/**
 * Mirage's rendering of a PDF or a presentation shown as part of the page, in the server's shape
 * (server/src/render/renderPages.ts), built by the server's own code (src/drive/pageFigures.ts) on
 * the browser's DOM (or jsdom's): one figure per page, its image at the widths of
 * pageFixtures.json, its text from the fixture's JSON source. Each seeded file is one of the fake
 * drive's fixtures: every presentation the 20-slide deck (as the fake drive's export), the annual
 * report the 100-page PDF, the PDF with the accented title the page of non-Latin text, every other
 * PDF the price list (as the fake drive answers a PDF). Every page is shown, with no link to the
 * rest: Mirage has no page limit of its own (the server's, MAX_PDF_PAGES in
 * server/src/render/pdfPages.ts, cuts a longer PDF short with that link).
 *
 * Mirage runs in the browser, where poppler cannot: the images are the stage's own image route
 * (`/content/images/stage-<fixture>-<page>-<width>`, a path the contract's rules accept), which the
 * stage's dev server draws with poppler's `pdftoppm` on first request (stage/pageImages.js). Where
 * poppler is missing the build says why (`process.env.STAGE_NO_PAGE_IMAGES`, webpack.config.js),
 * and Mirage answers a stand-in saying it instead of pages whose images would never load.
 */
import handbook from '../server/dev/fakeDrive/exports/pdf/hundred-pages.json';
import nonLatin from '../server/dev/fakeDrive/exports/pdf/non-latin.json';
import priceList from '../server/dev/fakeDrive/exports/pdf/price-list.json';
import deck from '../server/dev/fakeDrive/exports/slides/deck-20.json';
import { pagesBox, type DrawnPage } from '../src/drive/pageFigures';
import { DRIVE_IDS } from './driveIds';
import manifest from './pageFixtures.json';

export type PageFixture = keyof typeof manifest.fixtures;

/** The fixture whose pages a seeded PDF or presentation shows. */
export function pageFixtureOf(kind: 'pdf' | 'slides', fileId: string): PageFixture {
  if (kind === 'slides') return 'deck-20';
  if (fileId === DRIVE_IDS.annualPdf) return 'hundred-pages';
  if (fileId === DRIVE_IDS.accentsPdf) return 'non-latin';
  return 'price-list';
}

/** Each page's paragraphs, from the fixture's JSON source (SOURCE.md beside it). */
const TEXTS: Record<PageFixture, () => string[][]> = {
  'deck-20': () => deck.slides.map((slide) => [slide.title, ...slide.bullets]),
  'hundred-pages': () =>
    handbook.pages.map((page) => [
      page.heading,
      ...page.paragraphs,
      ...('table' in page && page.table ? page.table.map((row) => row.join(' ')) : []),
      handbook.footer.replace('N', String(page.page)),
    ]),
  'non-latin': () => [[nonLatin.title, ...nonLatin.lines.flatMap((line) => [line.script, line.text])]],
  'price-list': () => priceList.pages.map((page) => [page.title, ...page.lines]),
};

/** The stage's image route's id of a page drawn at a width (stage/pageImages.js reads it back). */
export const pageImageId = (fixture: PageFixture, page: number, width: number): string => `stage-${fixture}-${page}-${width}`;

/** The fixture's pages as the server's render job holds them: size at the widest width drawn, as pdftoppm rounds it. */
export function fixturePages(fixture: PageFixture): DrawnPage[] {
  const { pages, pagePt } = manifest.fixtures[fixture];
  const [widthPt, heightPt] = pagePt as [number, number];
  const widest = Math.max(...manifest.widths);
  const texts = TEXTS[fixture]();
  return Array.from({ length: pages }, (_, i) => ({
    images: manifest.widths.map((width) => ({ width, path: `/content/images/${pageImageId(fixture, i + 1, width)}` })),
    width: widest,
    height: Math.ceil((widest * heightPt) / widthPt),
    paragraphs: texts[i] ?? [],
  }));
}

/** Why the stage cannot draw pages, or '' when it can (the build's answer; unset in the tests: it can). */
export const pagesNotDrawn = (): string => process.env.STAGE_NO_PAGE_IMAGES ?? '';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What Mirage shows for a PDF or a presentation as part of the page. */
export function pagesRendering(kind: 'pdf' | 'slides', fileId: string, title: string): string {
  const reason = pagesNotDrawn();
  if (reason) return `<h1 id="h.top">${escapeHtml(title)}</h1><p>The stage cannot draw this file's pages: ${escapeHtml(reason)}.</p>`;
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  container.append(pagesBox(out, kind, fixturePages(pageFixtureOf(kind, fileId))));
  return container.innerHTML;
}
