/**
 * The panel at its width in the editor (450 px), in real Chromium on the stage: the table reads
 * cleanly (ten rows, none clipped; one-line headers; owners not cut), and picking a file brings its
 * sharing choice into view without moving focus.
 */
import type { Frame, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { baseUrl, filesTable, panelFrame, poll, scrollToRow } from './panelPage';

jest.setTimeout(90_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await browser?.close();
});

const settings = (): Frame => page.frames().find((f) => f.url().includes('settings.html'))!;

test('at 450 px the table shows ten whole rows, one-line headers and whole owner names', async () => {
  await page.goto(baseUrl() + '/');
  const table = filesTable(page, 'My Drive');
  await table.waitFor();
  const geometry = await settings().evaluate(() => {
    const viewport = document.querySelector('.dfw-files__scroll .ui-scroll__viewport') ?? document.querySelector('.dfw-files__scroll')!;
    const box = viewport.getBoundingClientRect();
    const rows = [...document.querySelectorAll('tbody tr:not([aria-hidden])')].map((r) => r.getBoundingClientRect());
    const headers = [...document.querySelectorAll('thead th')].map((th) => ({
      text: th.textContent,
      height: th.getBoundingClientRect().height,
      cut: th.scrollWidth > th.clientWidth + 1,
    }));
    const owners = [...document.querySelectorAll('tbody td.dfw-col-owner')].map((td) => ({ text: td.textContent, cut: td.scrollWidth > td.clientWidth + 1 }));
    return { width: document.documentElement.clientWidth, boxBottom: box.bottom, tenthBottom: rows[9]?.bottom ?? null, headers, owners };
  });
  // The stage frames the panel 450 px wide, its border included.
  expect(geometry.width).toBeGreaterThanOrEqual(446);
  expect(geometry.width).toBeLessThanOrEqual(450);
  expect(geometry.tenthBottom).not.toBeNull();
  expect(geometry.tenthBottom!).toBeLessThanOrEqual(geometry.boxBottom + 0.5);
  for (const header of geometry.headers) expect({ ...header, height: Math.round(header.height) }).toEqual({ text: header.text, height: 36, cut: false });
  expect(geometry.owners.filter((o) => o.cut)).toEqual([]);
  await page.frameLocator('iframe[title="Settings panel"]').locator('body').screenshot({ path: 'test-results/panel-450.png' });
});

test('picking a file low in the list scrolls its sharing choice into view; focus stays on the row', async () => {
  const table = filesTable(page, 'My Drive');
  const row = await scrollToRow(page, table, 'Welcome to your drive');
  await row.focus();
  await row.press('Enter');
  const group = panelFrame(page).getByRole('group', { name: 'Who can open “Welcome to your drive”' });
  await group.waitFor();
  // The sharing choice scrolls into view smoothly: read once it is there and has stopped moving
  // (or after 10 s).
  let lastTop: number | null = null;
  const state = await poll(
    () =>
      settings().evaluate(() => {
        const fieldset = document.querySelector('fieldset.dfw-sharing')!.getBoundingClientRect();
        return {
          top: fieldset.top,
          inView: fieldset.top >= 0 && fieldset.bottom <= window.innerHeight + 1,
          focused: document.activeElement?.textContent ?? '',
        };
      }),
    (s) => {
      const settled = s.inView && s.top === lastTop;
      lastTop = s.top;
      return settled;
    },
  );
  expect(state.inView).toBe(true);
  expect(state.focused).toContain('Welcome to your drive');
});
