/**
 * A spreadsheet shown as part of the page, in real Chromium, in both platform models (the stage:
 * nativeStage.ts), from the fake drive's zipped export of the fixture spreadsheet
 * (server/dev/fakeDrive/exports/sheets/budget-2026). At 320 px and 1280 px: the widget is as tall
 * as its content, the page never scrolls sideways (a wide table scrolls inside its own box), the
 * first sheet shows the cell texts its page in the fixture holds (read from that page by the
 * browser's own parser, not from our rendering), the hidden sheet is nowhere, and the sheets'
 * tabs work by keyboard (the shown sheet changes, and the widget's height follows). No request
 * leaves our hosts. Screenshots: test-results/.
 *
 * @e2e-builds production
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { frameGeometry, startNativeStage, type NativeStage } from './nativeStage';

jest.setTimeout(240_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
const FIXTURE = path.resolve(__dirname, '../../server/dev/fakeDrive/exports/sheets/budget-2026');
const OUR_HOSTS = ['localhost', '127.0.0.1', 'static.parastorage.com'];
let stage: NativeStage;

beforeAll(async () => {
  stage = await startNativeStage({
    activeFileId: DRIVE_IDS.budgetSheet,
    activeFilePerm: 'reader',
    activeFileTitle: 'Budget 2026',
    activeFileMimeType: 'application/vnd.google-apps.spreadsheet',
  });
}, 600_000);

afterAll(() => stage?.close());

/** The non-empty texts of a fixture page's own cells (no row numbers, column letters or freeze bar), parsed by the browser. */
function fixtureTexts(page: Page, name: string): Promise<string[]> {
  return page.evaluate(
    (html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      return Array.from(doc.querySelectorAll('tbody td:not(.freezebar-cell)'), (td) => (td.textContent ?? '').trim()).filter((t) => t !== '');
    },
    readFileSync(path.join(FIXTURE, name), 'utf8'),
  );
}

/** The non-empty cell texts of the shown sheet. */
const shownTexts = (panel: Locator): Promise<string[]> =>
  panel.evaluate((element) => Array.from(element.querySelectorAll('td, th'), (c) => (c.textContent ?? '').trim()).filter((t) => t !== ''));

function watchOutside(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!OUR_HOSTS.includes(url.hostname)) outside.push(url.host);
  });
  return outside;
}

/** Whether the shown sheet's table box scrolls sideways inside itself when wider than the page, and keeps its header sticky. */
const tableBox = (panel: Locator) =>
  panel.evaluate((element) => {
    const box = element.querySelector('.dfw-table') as HTMLElement;
    const th = element.querySelector('thead th');
    return { scrollsInside: box.scrollWidth > box.clientWidth, overflowX: getComputedStyle(box).overflowX, sticky: th ? getComputedStyle(th).position : null };
  });

async function checkTabs(root: Page | Frame, page: Page, asHeight: () => Promise<{ widget: number; content: number }>): Promise<void> {
  const tabs = root.getByRole('tab');
  expect(await tabs.allTextContents()).toEqual(['Prices', 'Benchmarks']);
  await root.getByRole('tab', { name: 'Prices' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(root.getByRole('tab', { name: 'Benchmarks' }).getAttribute('aria-selected')).resolves.toBe('true');
  const panel = root.getByRole('tabpanel', { name: 'Benchmarks' });
  expect(await shownTexts(panel)).toEqual(await fixtureTexts(page, 'Benchmarks.html'));
  expect(await root.getByRole('tabpanel', { name: 'Prices' }).isHidden()).toBe(true);
  // The widget follows the shown sheet's height.
  let gap = Infinity;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline && gap > 1; await page.waitForTimeout(100)) {
    const h = await asHeight();
    gap = Math.abs(h.widget - h.content);
  }
  expect(gap).toBeLessThanOrEqual(1);
  await page.keyboard.press('Home');
  await expect(root.getByRole('tab', { name: 'Prices' }).getAttribute('aria-selected')).resolves.toBe('true');
}

it.each([320, 1280])('at %i px the legacy widget shows the sheets as tables, as tall as its content, with working tabs', async (width) => {
  const page = await stage.browser.context.newPage();
  const outside = watchOutside(page);
  await page.goto(`${stage.hostUrl}/?width=${width}`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('#dfw-native [role="tab"]');
  await page.waitForFunction(() => (window as unknown as { heights: number[] }).heights.length > 0);
  await frame.waitForFunction(() => Math.abs(window.innerHeight - Math.ceil(document.querySelector('main')!.getBoundingClientRect().height)) <= 1);
  const g = await frameGeometry(frame);
  expect(Math.abs(g.frameHeight - g.contentHeight)).toBeLessThanOrEqual(1);
  expect(g.scrollHeight).toBeLessThanOrEqual(g.clientHeight);
  expect(g.scrollWidth).toBeLessThanOrEqual(g.clientWidth);
  expect(g.wideOutsideTables).toEqual([]);
  const prices = frame.getByRole('tabpanel', { name: 'Prices' });
  expect(await shownTexts(prices)).toEqual(await fixtureTexts(page, 'Prices.html'));
  expect(await frame.content()).not.toContain('HIDDEN-SHEET-4471');
  const box = await tableBox(prices);
  expect(box).toMatchObject({ overflowX: 'auto', sticky: 'sticky' });
  expect(box.scrollsInside).toBe(width === 320);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-sheets-${width}.png`), fullPage: true });
  await checkTabs(frame, page, () =>
    frame.evaluate(() => ({ widget: window.innerHeight, content: Math.ceil(document.querySelector('main')!.getBoundingClientRect().height) })),
  );
  expect(outside).toEqual([]);
  await page.close();
});

it.each([320, 1280])('at %i px the custom element shows the sheets in the page flow, as tall as its content, with working tabs', async (width) => {
  const page = await stage.browser.context.newPage();
  const outside = watchOutside(page);
  await page.goto(`${stage.hostUrl}/element?width=${width}`);
  const host = page.locator('drive-file-widget');
  await host.getByRole('tab', { name: 'Prices' }).waitFor();
  const measure = () =>
    page.evaluate(() => {
      const element = document.querySelector('drive-file-widget')!;
      const main = element.shadowRoot!.querySelector('main')!;
      const box = element.getBoundingClientRect();
      return {
        widget: box.height,
        content: main.getBoundingClientRect().height,
        clipped: main.scrollHeight - main.clientHeight,
        afterTop: document.getElementById('after')!.getBoundingClientRect().top - box.bottom,
        pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        html: element.shadowRoot!.innerHTML,
      };
    });
  const g = await measure();
  expect(Math.abs(g.widget - g.content)).toBeLessThanOrEqual(1);
  expect(g.clipped).toBeLessThanOrEqual(1);
  expect(g.afterTop).toBeGreaterThanOrEqual(0);
  expect(g.afterTop).toBeLessThan(40);
  expect(g.pageScrollsSideways).toBe(false);
  expect(g.html).not.toContain('HIDDEN-SHEET-4471');
  const prices = host.getByRole('tabpanel', { name: 'Prices' });
  expect(await shownTexts(prices)).toEqual(await fixtureTexts(page, 'Prices.html'));
  const box = await tableBox(prices);
  expect(box).toMatchObject({ overflowX: 'auto', sticky: 'sticky' });
  expect(box.scrollsInside).toBe(width === 320);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-sheets-element-${width}.png`), fullPage: true });
  await checkTabs(page, page, measure);
  expect((await measure()).pageScrollsSideways).toBe(false);
  expect(outside).toEqual([]);
  await page.close();
});
