/**
 * An automated accessibility audit (axe-core) of the settings panel in real Chromium: the panel
 * with a listed folder and an active file, the widget showing it, the writer notice dialog, and
 * the panel on a phone.
 */
import type { Frame, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { baseUrl, filesTable, panelFrame, scrollToRow } from './panelPage';

jest.setTimeout(90_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

const settingsFrame = (p: Page): Frame => {
  const frame = p.frames().find((f) => f.url().includes('/settings.html'));
  if (!frame) throw new Error('The settings panel frame is not loaded.');
  return frame;
};

test('the panel with a folder listed and a file active has no violations', async () => {
  await page.goto(baseUrl() + '/');
  const table = filesTable(page, 'My Drive');
  await table.waitFor();
  await (await scrollToRow(page, table, 'Welcome to your drive')).click();
  await panelFrame(page)
    .getByRole('group', { name: /Who can open/ })
    .waitFor();
  expect(await axeViolations(settingsFrame(page))).toEqual([]);
});

test('the widget showing that file has no violations', async () => {
  const widget = page.frames().find((f) => f.url().includes('/widget.html'));
  if (!widget) throw new Error('The widget frame is not loaded.');
  await widget.locator('iframe[title="Welcome to your drive"]').waitFor();
  expect(await axeViolations(widget)).toEqual([]);
});

test('the notice dialog has no violations', async () => {
  const panel = panelFrame(page);
  await panel.getByRole('radio', { name: 'Anyone can edit' }).click();
  await panel.getByRole('alertdialog', { name: 'Let anyone edit this file?' }).waitFor();
  expect(await axeViolations(settingsFrame(page))).toEqual([]);
  await page.keyboard.press('Escape');
});

test('the panel on a phone has no violations', async () => {
  const phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 375, height: 760 });
  await phone.goto(baseUrl() + '/settings.html?instance=&compId=tpaSettings&origCompId=comp-local-1');
  await phone.getByRole('table', { name: 'Files in My Drive' }).locator('tbody tr:not([aria-hidden])').first().waitFor();
  expect(await axeViolations(phone.mainFrame())).toEqual([]);
  await phone.close();
});
