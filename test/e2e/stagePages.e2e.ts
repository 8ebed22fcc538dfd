/**
 * A presentation and a PDF shown as part of the page on the local editor stage (`npm start`: the
 * dev server and Mirage, no server), in real Chromium, in the current editor's stage (current.html,
 * where the custom element on the canvas fetches Mirage's rendering; the legacy stage's widget page
 * shows a rendering only when the server writes it into the page): the owner chooses the file in
 * the panel and shares it; the element shows its pages as the server would (mirage/nativePages.ts), each page's
 * image drawn by the stage's dev server with poppler (stage/pageImages.js) and actually loaded, in
 * the page's aspect ratio, with the page's text from the fixture's JSON source (not from our own
 * output). Screenshots: test-results/stage-deck.png, test-results/stage-pdf.png.
 */
import type { Locator, Page } from 'playwright-core';
import handbook from '../../server/dev/fakeDrive/exports/pdf/hundred-pages.json';
import deck from '../../server/dev/fakeDrive/exports/slides/deck-20.json';
import { launchBrowser } from './browser';
import { baseUrl, filesTable, panelFrame, scrollToRow, shareChosen } from './panelPage';

jest.setTimeout(180_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const errors: string[] = [];
const failedImages: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (response) => {
    if (response.url().includes('/content/images/') && response.status() !== 200) failedImages.push(`${response.url()}: ${response.status()}`);
  });
  page.setDefaultTimeout(30_000);
  await page.goto(`${baseUrl()}/current.html`);
});
afterAll(async () => {
  await browser?.close();
});

/** The element on the canvas (its shadow root: Playwright's CSS locators pierce it). */
const element = (p: Page): Locator => p.locator('drive-file-widget');

/** Chooses the file in the panel's My Drive and shares it: the element shows it as part of the page (the Design tab's default). */
async function choose(title: string): Promise<void> {
  const table = filesTable(page, 'My Drive');
  // Back to the table's top (the panel keeps the active file's row in view); scrollToRow scrolls down from there.
  await table.evaluate((t) => {
    for (let box: Element | null = t; box; box = box.parentElement) if (box.scrollTop > 0) box.scrollTop = 0;
  });
  await (await scrollToRow(page, table, title)).click();
  await shareChosen(page, title);
  const panel = panelFrame(page);
  await panel.getByRole('tab', { name: 'Design' }).click();
  expect(await panel.getByRole('radio', { name: 'Show as part of the page' }).isChecked()).toBe(true);
  await panel.getByRole('tab', { name: 'Main' }).click();
}

interface ShownPage {
  texts: string[];
  src: string;
  naturalWidth: number;
  naturalHeight: number;
  width: number;
  height: number;
}

/** The first `count` pages the element shows: each scrolled into view (a lazy page loads then), its image loaded, and its text. */
function shownPages(widget: Locator, count: number): Promise<ShownPage[]> {
  return widget.locator('div.dfw-pages').evaluate(async (box, n) => {
    const figures = Array.from(box.querySelectorAll('figure.dfw-page')).slice(0, n);
    const shown = [];
    for (const figure of figures) {
      const img = figure.querySelector('img')!;
      img.scrollIntoView();
      await img.decode().catch(() => undefined);
      const texts = Array.from(figure.querySelectorAll('figcaption.dfw-page-text > p'), (p) => p.textContent ?? '');
      shown.push({ texts, src: img.currentSrc, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, width: img.width, height: img.height });
    }
    return shown;
  }, count);
}

/** Each image loaded (the stage drew it) and in the page's aspect ratio as the HTML says it. */
function expectLoaded(pages: ShownPage[], fixture: string) {
  pages.forEach((shown, i) => {
    expect(shown.src).toMatch(new RegExp(`/content/images/stage-${fixture}-${i + 1}-(640|1280)$`));
    expect(shown.naturalWidth).toBeGreaterThan(0);
    expect(Math.abs(shown.naturalHeight / shown.naturalWidth - shown.height / shown.width)).toBeLessThan(0.01);
  });
}

test('the deck chosen in the panel shows as its 20 slides, each image loaded, with the slides’ texts', async () => {
  await choose('Quarterly review');
  const widget = element(page);
  await widget.locator('div.dfw-pages[data-kind="slides"] figure.dfw-page').first().waitFor();
  expect(await widget.locator('figure.dfw-page').count()).toBe(20);
  const slides = await shownPages(widget, 20);
  expectLoaded(slides, 'deck-20');
  expect(slides.map((slide) => slide.texts)).toEqual(deck.slides.map((slide) => [slide.title, ...slide.bullets]));
  // The slide shown at the page's width, as tall as the slide: 16:9.
  expect(Math.round((slides[0]!.height / slides[0]!.width) * 16)).toBe(9);
  await widget
    .locator('figure.dfw-page')
    .first()
    .evaluate((figure) => figure.scrollIntoView());
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/stage-deck.png' });
  expect(failedImages).toEqual([]);
  expect(errors).toEqual([]);
});

test('the annual report chosen in the panel shows as the 100-page PDF, its pages loaded, with the pages’ texts', async () => {
  await choose('Annual report 2025.pdf');
  const widget = element(page);
  await widget.locator('div.dfw-pages[data-kind="pdf"] figure.dfw-page').first().waitFor();
  expect(await widget.locator('figure.dfw-page').count()).toBe(100);
  const pages = await shownPages(widget, 3);
  expectLoaded(pages, 'hundred-pages');
  pages.forEach((shown, i) => expect(shown.texts.slice(0, 4)).toEqual([handbook.pages[i]!.heading, ...handbook.pages[i]!.paragraphs]));
  const texts = await widget.locator('figcaption.dfw-page-text').evaluateAll((captions) => captions.map((c) => c.querySelector('p')?.textContent));
  expect(texts).toEqual(handbook.pages.map((p) => p.heading));
  await widget
    .locator('figure.dfw-page')
    .first()
    .evaluate((figure) => figure.scrollIntoView());
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/stage-pdf.png' });
  expect(failedImages).toEqual([]);
  expect(errors).toEqual([]);
});
