/**
 * A PDF shown as part of the page, in real Chromium, in both platform models (the stage:
 * nativeStage.ts), from the fake drive's PDF (server/dev/fakeDrive/exports/pdf/price-list.pdf,
 * three A4 pages). At 320 px and 1280 px: the widget is as tall as its content (each page as tall
 * as its ratio, before lazy pages load), the page never scrolls sideways, the first page's image
 * is loaded, and each page's text is present as the fixture holds it (its SOURCE.md, not our
 * rendering). No request leaves our hosts. Screenshots: test-results/.
 *
 * @e2e-builds production
 */
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { frameGeometry, startNativeStage, type NativeStage } from './nativeStage';

jest.setTimeout(240_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
const OUR_HOSTS = ['localhost', '127.0.0.1', 'static.parastorage.com'];
/** The price list's pages' lines (exports/pdf/SOURCE.md). */
const FIXTURE_PAGES = [1, 2, 3].map((n) => [
  `Price list, page ${n} of 3`,
  `Espresso ${n}.20 EUR`,
  `Filter coffee ${n}.50 EUR`,
  `Opening hours: 8 to ${12 + (n % 8)}`,
]);
let stage: NativeStage;

beforeAll(async () => {
  stage = await startNativeStage(
    { activeFileId: DRIVE_IDS.annualPdf, activeFilePerm: 'reader', activeFileTitle: 'Annual report 2025.pdf', activeFileMimeType: 'application/pdf' },
    // The seed's PDF is private: shared with whoever has the link, as an owner showing it on a site has it.
    (t) => void t.fake.permissions.insert(DRIVE_IDS.annualPdf, { role: 'reader', type: 'anyone', withLink: true }, null),
  );
}, 600_000);

afterAll(() => stage?.close());

function watchOutside(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!OUR_HOSTS.includes(url.hostname)) outside.push(url.host);
  });
  return outside;
}

/** The pages as shown: each figure's image (loaded, its box and natural ratio) and its caption's lines. */
function pagesIn(root: Page | Frame, selector: string) {
  return root.evaluate((sel) => {
    const scope = sel === 'document' ? document : document.querySelector(sel)!.shadowRoot!;
    return Array.from(scope.querySelectorAll('figure.dfw-page'), (figure) => {
      const img = figure.querySelector('img')!;
      const box = img.getBoundingClientRect();
      return {
        loaded: img.complete && img.naturalWidth > 0,
        ratio: box.height / box.width,
        width: box.width,
        lines: Array.from(figure.querySelectorAll('figcaption p'), (p) => (p.textContent ?? '').trim()),
      };
    });
  }, selector);
}

async function waitFirstLoaded(root: Page | Frame, selector: string): Promise<void> {
  await root.waitForFunction((sel) => {
    const scope = sel === 'document' ? document : document.querySelector(sel)?.shadowRoot;
    const img = scope?.querySelector('figure.dfw-page img') as HTMLImageElement | null | undefined;
    return !!img && img.complete && img.naturalWidth > 0;
  }, selector);
}

function checkPages(pages: Awaited<ReturnType<typeof pagesIn>>): void {
  expect(pages.map((p) => p.lines)).toEqual(FIXTURE_PAGES);
  expect(pages[0]?.loaded).toBe(true);
  // Every page as tall as an A4 page at its width, loaded or not.
  for (const page of pages) expect(page.ratio).toBeCloseTo(297 / 210, 1);
}

it.each([320, 1280])('at %i px the legacy widget shows the PDF pages, as tall as its content', async (width) => {
  const page = await stage.browser.context.newPage();
  const outside = watchOutside(page);
  await page.goto(`${stage.hostUrl}/?width=${width}`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('#dfw-native figure.dfw-page');
  await waitFirstLoaded(frame, 'document');
  await page.waitForFunction(() => (window as unknown as { heights: number[] }).heights.length > 0);
  await frame.waitForFunction(() => Math.abs(window.innerHeight - Math.ceil(document.querySelector('main')!.getBoundingClientRect().height)) <= 1);
  const g = await frameGeometry(frame);
  expect(Math.abs(g.frameHeight - g.contentHeight)).toBeLessThanOrEqual(1);
  expect(g.scrollHeight).toBeLessThanOrEqual(g.clientHeight);
  expect(g.scrollWidth).toBeLessThanOrEqual(g.clientWidth);
  const pages = await pagesIn(frame, 'document');
  checkPages(pages);
  expect(pages[0]!.width).toBeLessThanOrEqual(width);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-pdf-${width}.png`), fullPage: true });
  expect(outside).toEqual([]);
  await page.close();
});

it.each([320, 1280])('at %i px the custom element shows the PDF pages in the page flow, as tall as its content', async (width) => {
  const page = await stage.browser.context.newPage();
  const outside = watchOutside(page);
  await page.goto(`${stage.hostUrl}/element?width=${width}`);
  await page.waitForFunction(() => !!document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('figure.dfw-page'));
  await waitFirstLoaded(page, 'drive-file-widget');
  const g = await page.evaluate(() => {
    const element = document.querySelector('drive-file-widget')!;
    const main = element.shadowRoot!.querySelector('main')!;
    const box = element.getBoundingClientRect();
    return {
      widget: box.height,
      content: main.getBoundingClientRect().height,
      clipped: main.scrollHeight - main.clientHeight,
      afterTop: document.getElementById('after')!.getBoundingClientRect().top - box.bottom,
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
  expect(Math.abs(g.widget - g.content)).toBeLessThanOrEqual(1);
  expect(g.clipped).toBeLessThanOrEqual(1);
  expect(g.afterTop).toBeGreaterThanOrEqual(0);
  expect(g.afterTop).toBeLessThan(40);
  expect(g.pageScrollsSideways).toBe(false);
  checkPages(await pagesIn(page, 'drive-file-widget'));
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-pdf-element-${width}.png`), fullPage: true });
  expect(outside).toEqual([]);
  await page.close();
});
