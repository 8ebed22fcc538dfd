/**
 * Picker mode on the local editor stage (`npm start`: the dev server and Mirage, no server), in real
 * Chromium: the panel's "Choose a file from your drive" opens the stage's own Picker page at
 * /api/picker (mirage/pickerPage.ts, over the mock's seeded drive), which hands the outcome to the
 * panel as the server's page does. A Doc picked there becomes the active file and shows in the
 * widget; a cancel changes nothing; a folder is refused with the spec's rule; the page speaks the
 * widget's saved language. Screenshot: test-results/stage-picker.png (and stage-picker-de.png).
 */
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { baseUrl, panelFrame, poll, widgetFrame } from './panelPage';

jest.setTimeout(120_000);

const CHOOSE = 'Choose a file from your drive';
const CHOOSE_ANOTHER = 'Choose another file';
const WELCOME = 'Welcome to your drive';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(20_000);
  await page.goto(baseUrl() + '/');
  await page.evaluate(() => localStorage.setItem('mirage:driveAccess', 'picker'));
  await page.reload();
  await panelFrame(page).getByRole('button', { name: CHOOSE }).waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await browser?.close();
});

/** Runs a step that closes its page: the page may be gone before the step's own answer, as it should. */
const closing = (step: Promise<void>): Promise<void> =>
  step.catch((error: unknown) => {
    if (!/has been closed/.test(String(error))) throw error;
  });
/** Clicks a button that closes its page. */
const clickClosing = (button: Locator): Promise<void> => closing(button.click());
/** Presses a key (down only) on a page that closes on it, before a key up could reach it. */
const pressClosing = (popup: Page, key: string): Promise<void> => closing(popup.keyboard.down(key));

/** Presses the panel's Picker button, does `act` on the popup's page, and waits for the popup to close. */
async function inStagePicker(button: string, act: (popup: Page) => Promise<void>): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await panelFrame(page).getByRole('button', { name: button }).click();
  const popup = await opened;
  popup.on('pageerror', (e) => errors.push(`popup: ${e.message}`));
  const closed = popup.waitForEvent('close', { timeout: 20_000 });
  // Opened blank within the click, then sent to the picker route once the ticket came.
  await popup.waitForURL(/\/api\/picker\?/);
  await act(popup);
  await closed;
  return popup;
}

test('a Doc picked in the stage’s Picker becomes the active file and shows in the widget', async () => {
  const panel = panelFrame(page);
  expect(await panel.getByRole('table').count()).toBe(0);
  let address = '';
  await inStagePicker(CHOOSE, async (popup) => {
    address = popup.url();
    const list = popup.getByRole('list', { name: 'My Drive' });
    await list.getByRole('button', { name: 'Open Projects' }).waitFor();
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await popup.title()).toBe('Choose a file');
    await popup.screenshot({ path: 'test-results/stage-picker.png' });
    expect(await axeViolations(popup.mainFrame())).toEqual([]);
    // By keyboard: the first item's button has the focus; Tab to the Doc's Select and Enter.
    expect(await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open Archive');
    await list.getByRole('button', { name: `Select ${WELCOME}` }).focus();
    await pressClosing(popup, 'Enter');
  });
  const url = new URL(address);
  expect([url.pathname, [...url.searchParams.keys()], url.searchParams.get('locale')]).toEqual(['/api/picker', ['ticket', 'locale'], 'en']);
  await panel.getByText(`Shown on your site: ${WELCOME}`).waitFor();
  await panel.getByRole('button', { name: CHOOSE_ANOTHER }).waitFor();
  await widgetFrame(page).locator(`iframe[title="${WELCOME}"]`).waitFor();
  await panel.getByText('All changes saved').waitFor();
  expect(errors).toEqual([]);
});

test('a cancel in the stage’s Picker (Escape) changes nothing', async () => {
  const panel = panelFrame(page);
  await inStagePicker(CHOOSE_ANOTHER, async (popup) => {
    await popup.getByRole('heading', { name: 'My Drive' }).waitFor();
    await pressClosing(popup, 'Escape');
  });
  expect(await poll(() => panel.getByRole('button', { name: CHOOSE_ANOTHER }).isEnabled(), Boolean)).toBe(true);
  await panel.getByText(`Shown on your site: ${WELCOME}`).waitFor();
  expect(await panel.getByRole('alert').count()).toBe(0);
  expect(errors).toEqual([]);
});

test('a folder chosen in the stage’s Picker is refused with the spec’s rule, and the active file stays', async () => {
  const panel = panelFrame(page);
  await inStagePicker(CHOOSE_ANOTHER, async (popup) => {
    await popup.getByRole('button', { name: 'Open Projects' }).click();
    await popup.getByRole('heading', { name: 'Projects' }).waitFor();
    await popup.getByRole('button', { name: 'Back' }).click();
    await clickClosing(popup.getByRole('button', { name: 'Select Projects' }));
  });
  await panel.getByRole('alert').filter({ hasText: 'A folder cannot be shown. Choose a file.' }).waitFor();
  await panel.getByText(`Shown on your site: ${WELCOME}`).waitFor();
  await widgetFrame(page).locator(`iframe[title="${WELCOME}"]`).waitFor();
  expect(errors).toEqual([]);
});

test('the stage’s Picker speaks the widget’s saved language', async () => {
  const panel = panelFrame(page);
  await panel.getByRole('tab', { name: 'Text' }).click();
  await panel.getByRole('combobox', { name: 'Language' }).click();
  await panel.getByRole('option', { name: 'Deutsch' }).click();
  await panel.getByText('All changes saved').waitFor();
  await panel.getByRole('tab', { name: 'Main' }).click();
  await inStagePicker(CHOOSE_ANOTHER, async (popup) => {
    expect(new URL(popup.url()).searchParams.get('locale')).toBe('de');
    await popup.getByRole('list', { name: 'Meine Ablage' }).getByRole('button', { name: 'Projects öffnen' }).waitFor();
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await popup.title()).toBe('Datei auswählen');
    await popup.screenshot({ path: 'test-results/stage-picker-de.png' });
    await clickClosing(popup.getByRole('button', { name: 'Abbrechen' }));
  });
  await panel.getByText(`Shown on your site: ${WELCOME}`).waitFor();
  expect(errors).toEqual([]);
});
