/**
 * A PDF shown as part of the page, in real Chromium, in both platform models (the stage:
 * nativeStage.ts), from the 100-page fixture (server/dev/fakeDrive/exports/pdf/hundred-pages.pdf,
 * A4). At 320 px and 1280 px: every page is drawn (no link to the rest), the widget is as tall as
 * its content (each page as tall as its ratio, before lazy pages load), the page never scrolls
 * sideways, the first page's image is loaded, and each of the 100 pages' text is present as the
 * fixture's source holds it (hundred-pages.json, not our rendering). No request leaves our hosts.
 * Screenshots (the first screen): test-results/.
 *
 * @e2e-builds production
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { frameGeometry, startNativeStage, type NativeStage } from './nativeStage';

jest.setTimeout(240_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
const OUR_HOSTS = ['localhost', '127.0.0.1', 'static.parastorage.com'];
const FIXTURES = path.resolve(__dirname, '../../server/dev/fakeDrive/exports/pdf');
interface HandbookPage {
  page: number;
  heading: string;
  paragraphs: string[];
  table?: string[][];
}
/** Whitespace collapsed, and none after a hyphen: the layout wraps lines there (exports/pdf/SOURCE.md). */
const collapse = (text: string) => text.replace(/\s+/g, ' ').replace(/- /g, '-').trim();
/** Each page's text as its source holds it (exports/pdf/SOURCE.md): heading, paragraphs, table cells, Chromium's footer. */
const FIXTURE_PAGES = (JSON.parse(readFileSync(path.join(FIXTURES, 'hundred-pages.json'), 'utf8')) as { pages: HandbookPage[] }).pages.map((p) =>
  collapse([p.heading, ...p.paragraphs, ...(p.table ?? []).flat(), `Page ${p.page} of 100`].join(' ')),
);
let stage: NativeStage;

beforeAll(async () => {
  stage = await startNativeStage(
    { activeFileId: DRIVE_IDS.annualPdf, activeFilePerm: 'reader', activeFileTitle: 'Annual report 2025.pdf', activeFileMimeType: 'application/pdf' },
    (t) => {
      // The seed's PDF is private: shared with whoever has the link, as an owner showing it on a site has it.
      t.fake.permissions.insert(DRIVE_IDS.annualPdf, { role: 'reader', type: 'anyone', withLink: true }, null);
      t.fake.content.replace(DRIVE_IDS.annualPdf, readFileSync(path.join(FIXTURES, 'hundred-pages.pdf')));
    },
  );
}, 900_000);

afterAll(() => stage?.close());

function watchOutside(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!OUR_HOSTS.includes(url.hostname)) outside.push(url.host);
  });
  return outside;
}

/** The pages as shown: each figure's image (loaded, its box and natural ratio) and its caption's lines; whether the rest is linked. */
function pagesIn(root: Page | Frame, selector: string) {
  return root.evaluate((sel) => {
    const scope = sel === 'document' ? document : document.querySelector(sel)!.shadowRoot!;
    if (scope.querySelector('.dfw-pages-more')) throw new Error('Some pages are linked, not shown.');
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
  expect(pages.map((p) => collapse(p.lines.join(' ')))).toEqual(FIXTURE_PAGES);
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
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-pdf-${width}.png`) });
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
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-pdf-element-${width}.png`) });
  expect(outside).toEqual([]);
  await page.close();
});
