/**
 * The settings panel's whole flow in real Chromium, in the editor stage against the Mirage drive:
 * connect → browse two levels → breadcrumb back → sort twice → scroll the 120-file folder to its
 * end → activate a file → share it as writer through the notice with do-not-show-again → the
 * notice no longer appears.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { baseUrl, filesTable, panelFrame, poll, rowButton, scrollToRow, widgetFrame } from './panelPage';

jest.setTimeout(120_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

test('connect, browse, sort, page through, activate and share', async () => {
  await page.goto(baseUrl() + '/');
  const panel = panelFrame(page);

  // Start from a disconnected account: disconnect reloads the panel.
  await panel.getByRole('button', { name: 'Disconnect' }).click();
  const connect = panel.getByRole('button', { name: 'Connect a drive account' });
  await connect.waitFor();

  // Connect: the authenticate window grants access and closes; the panel loads without a reload.
  const popupOpened = browser.context.waitForEvent('page');
  await connect.click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: 'Allow' })
    .click({ noWaitAfter: true })
    .catch((e: Error) => {
      if (!popup.isClosed()) throw e;
    });
  await closed;
  const confirmation = panel.getByRole('dialog', { name: 'Your drive is connected' });
  await confirmation.waitFor();
  await page.keyboard.press('Escape');
  await confirmation.waitFor({ state: 'detached' });
  await panel.getByText('ada@example.com').waitFor();
  const root = filesTable(page, 'My Drive');
  await root.waitFor();

  // Browse two levels, then back through the breadcrumb.
  await rowButton(root, 'Projects').click();
  await rowButton(filesTable(page, 'Projects'), '2026').click();
  await filesTable(page, '2026').waitFor();
  const trail = panel.getByRole('navigation', { name: 'Folder trail' });
  expect(await trail.getByRole('listitem').allInnerTexts()).toEqual(['My Drive', 'Projects', '2026']);
  expect(await trail.locator('[aria-current="page"]').innerText()).toBe('2026');
  await trail.getByRole('button', { name: 'My Drive' }).click();
  await root.waitFor();
  expect(await trail.getByRole('listitem').count()).toBe(1);

  // Sort twice: the same column reverses, another column sorts ascending.
  const header = (name: string) => root.getByRole('columnheader', { name });
  expect(await header('Name').getAttribute('aria-sort')).toBe('ascending');
  await root.getByRole('button', { name: 'Name' }).click();
  expect(await header('Name').getAttribute('aria-sort')).toBe('descending');
  await root.getByRole('button', { name: 'Owner' }).click();
  expect(await header('Owner').getAttribute('aria-sort')).toBe('ascending');
  expect(await header('Name').getAttribute('aria-sort')).toBeNull();
  await root.getByRole('button', { name: 'Name' }).click();
  expect(await header('Name').getAttribute('aria-sort')).toBe('ascending');

  // The 120-file folder, scrolled to its end with the wheel: pages load until there are no more.
  await rowButton(root, 'Reports').click();
  const reports = filesTable(page, 'Reports');
  await reports.waitFor();
  await panel.getByText('items loaded, more below').waitFor();
  const last = await scrollToRow(page, reports, 'Weekly report 120');
  await last.waitFor();
  for (let i = 0; i < 60 && !(await panel.getByText(/^\d+ items$/).isVisible()); i++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(50);
  }
  const count = await panel.getByText(/^\d+ items$/).innerText();
  const total = Number(count.split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(120);
  // Only the visible rows are in the DOM.
  expect(await reports.locator('tbody tr:not([aria-hidden])').count()).toBeLessThan(30);

  // Activate a document (anyone can edit it only after sharing).
  const target = await scrollToRow(page, reports, 'Weekly report 118');
  await target.click();
  const activeRow = reports.locator('tr[aria-current="true"]');
  await activeRow.getByText('Weekly report 118').waitFor();
  const sharing = panel.getByRole('group', { name: 'Who can open “Weekly report 118”' });
  await sharing.waitFor();
  expect(await sharing.getByRole('radio', { name: 'Private (only you)' }).isChecked()).toBe(true);

  // Writer asks first; Escape cancels and keeps the role.
  await sharing.getByRole('radio', { name: 'Anyone can edit' }).click();
  const notice = panel.getByRole('alertdialog', { name: 'Let anyone edit this file?' });
  await notice.waitFor();
  await page.keyboard.press('Escape');
  await notice.waitFor({ state: 'detached' });
  expect(await sharing.getByRole('radio', { name: 'Private (only you)' }).isChecked()).toBe(true);

  // Writer through the notice, with do-not-show-again.
  await sharing.getByRole('radio', { name: 'Anyone can edit' }).click();
  await notice.waitFor();
  await notice.getByRole('checkbox', { name: "Don't show this again" }).check();
  await notice.getByRole('button', { name: 'Let anyone edit' }).click();
  await notice.waitFor({ state: 'detached' });
  await expectChecked(sharing.getByRole('radio', { name: 'Anyone can edit' }));
  const cookies = await browser.context.cookies();
  expect(cookies.find((c) => c.name === 'doNotShowAgain')?.value).toBe('true');

  // The widget shows the file, in the editor because anyone may write.
  const embedded = widgetFrame(page).locator('iframe[title="Weekly report 118"]');
  await embedded.waitFor();
  expect(
    await poll(
      () => embedded.getAttribute('src'),
      (src) => /\/edit\?/.test(src ?? ''),
    ),
  ).toMatch(/\/document\/d\/[^/]+\/edit\?hl=en$/);

  // The notice no longer appears.
  await sharing.getByRole('radio', { name: 'Anyone can view' }).click();
  await expectChecked(sharing.getByRole('radio', { name: 'Anyone can view' }));
  await sharing.getByRole('radio', { name: 'Anyone can edit' }).click();
  await expectChecked(sharing.getByRole('radio', { name: 'Anyone can edit' }));
  expect(await notice.count()).toBe(0);

  await page.screenshot({ path: 'test-results/panel-flow.png' });
  expect(errors).toEqual([]);
});

async function expectChecked(radio: ReturnType<Page['getByRole']>) {
  expect(await poll(() => radio.isChecked(), Boolean)).toBe(true);
}
