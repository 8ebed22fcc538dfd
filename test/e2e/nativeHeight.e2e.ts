/**
 * A document shown as part of the page, in real Chromium, in the legacy (iframe) model (issue 20,
 * point 4; the stage: nativeStage.ts): the production widget page from the real server (with the fake drive and its real
 * export of the 27 KB reference document), framed cross-origin by a host page that speaks the
 * platform SDK's messages and sizes the frame when the widget calls `Wix.setHeight`. At 320 px and
 * 1280 px the frame ends exactly as tall as the content, nothing scrolls inside it, and at 320 px
 * nothing scrolls sideways but the wide table, inside itself; the document's images are our copies
 * and load as the page is scrolled (lazily). The same in the current model: the custom element on a
 * site's page, its content attribute naming the server's rendering (never holding it), fetched
 * from our server and as tall as the document in the page's flow. Screenshots: test-results/.
 *
 * @e2e-builds production
 */
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { scrollEachImageIntoView } from './lazyImages';
import { frameGeometry, startNativeStage, type NativeStage } from './nativeStage';

jest.setTimeout(240_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
let stage: NativeStage;

beforeAll(async () => {
  stage = await startNativeStage({
    activeFileId: DRIVE_IDS.welcomeDoc,
    activeFilePerm: 'reader',
    activeFileTitle: 'Welcome',
    activeFileMimeType: 'application/vnd.google-apps.document',
  });
}, 600_000);

afterAll(() => stage?.close());

/** The content's images, and how many of them the browser could not show. */
async function loadedImages(frame: Frame): Promise<{ count: number; broken: number }> {
  return frame.evaluate(() => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('#dfw-native img'));
    return { count: images.length, broken: images.filter((i) => !(i.complete && i.naturalWidth > 0)).length };
  });
}

it.each([320, 1280])('at %i px the frame is exactly as tall as the document, with no inner scrollbar', async (width) => {
  const page = await stage.browser.context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1', 'static.parastorage.com'].includes(url.hostname)) outside.push(url.host);
  });
  await page.goto(`${stage.hostUrl}/?width=${width}`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('#dfw-native h2');
  await page.waitForFunction(() => (window as unknown as { heights: number[] }).heights.length > 0);
  await frame.waitForFunction(() => Math.abs(window.innerHeight - Math.ceil(document.querySelector('main')!.getBoundingClientRect().height)) <= 1);
  const g = await frameGeometry(frame);
  expect(Math.abs(g.frameHeight - g.contentHeight)).toBeLessThanOrEqual(1);
  expect(g.scrollHeight).toBeLessThanOrEqual(g.clientHeight);
  expect(g.scrollWidth).toBeLessThanOrEqual(g.clientWidth);
  expect(g.wideOutsideTables).toEqual([]);
  // The content's images load lazily, as the visitor scrolls near them (a frame below the host's
  // viewport loads none): brought into view as a visitor scrolls, every one loads.
  await scrollEachImageIntoView(frame, '#dfw-native img');
  expect(await loadedImages(frame)).toEqual({ count: 3, broken: 0 });
  expect(outside).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-document-${width}.png`), fullPage: true });
  await page.close();
});

it.each([320, 1280])('at %i px the custom element is exactly as tall as the document, in the page flow, with no inner scrollbar', async (width) => {
  const page = await stage.browser.context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname)) outside.push(url.host);
  });
  // The site's page HTML names the rendering, never holds it: the element fetches it from our server.
  expect(stage.elementPage(width)).not.toMatch(/&lt;h2|Headings/);
  await page.goto(`${stage.hostUrl}/element?width=${width}`);
  await page.waitForFunction(() => document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('article h2'));
  await scrollEachImageIntoView(page, 'drive-file-widget article img');
  const g = await page.evaluate(() => {
    const host = document.querySelector('drive-file-widget')!;
    const main = host.shadowRoot!.querySelector('main')!;
    const hostBox = host.getBoundingClientRect();
    const images = Array.from(main.querySelectorAll('img'));
    return {
      hostHeight: hostBox.height,
      contentHeight: main.getBoundingClientRect().height,
      clipped: main.scrollHeight - main.clientHeight,
      afterTop: document.getElementById('after')!.getBoundingClientRect().top - hostBox.bottom,
      wideOutsideTables: Array.from(main.querySelectorAll<HTMLElement>('article *'))
        .filter((e) => !e.closest('.dfw-table') && e.getBoundingClientRect().right > hostBox.right + 0.5)
        .map((e) => e.tagName),
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      images: { count: images.length, broken: images.filter((i) => !(i.complete && i.naturalWidth > 0)).length },
    };
  });
  expect(Math.abs(g.hostHeight - g.contentHeight)).toBeLessThanOrEqual(1);
  expect(g.contentHeight).toBeGreaterThan(1000);
  expect(g.clipped).toBeLessThanOrEqual(1);
  // The page's own text follows the element, in the flow (a paragraph's top margin apart).
  expect(g.afterTop).toBeGreaterThanOrEqual(0);
  expect(g.afterTop).toBeLessThan(40);
  expect(g.wideOutsideTables).toEqual([]);
  expect(g.pageScrollsSideways).toBe(false);
  expect(g.images).toEqual({ count: 3, broken: 0 });
  expect(outside).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-element-${width}.png`), fullPage: true });
  await page.close();
});
