/**
 * What the network does to a change, in real Chromium on the editor stage (Mirage drive, whose
 * switches live in localStorage): a reload during the debounce or during retries loses nothing, a
 * stalled request times out and is retried, and two quick clicks end in the state of the last one.
 */
import type { Frame, Locator, Page } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/drive';
import { launchBrowser } from './browser';
import { pausePageClock } from './pausePageClock';
import { baseUrl, filesTable, panelFrame, poll, rowButton, scrollToRow } from './panelPage';

jest.setTimeout(120_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeEach(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
});
afterEach(async () => {
  await browser?.close();
});

const settingsFrame = (): Frame => {
  const frame = page.frames().find((f) => f.url().includes('settings.html'));
  if (!frame) throw new Error('No settings frame');
  return frame;
};
const setSwitch = (name: 'latencyMs' | 'failureRate', value: number) =>
  settingsFrame().evaluate(([key, v]) => localStorage.setItem(key, String(v)), [`mirage:${name}`, value] as const);
/** The user models the mock backend holds (its state lives in localStorage). */
const storedModels = () =>
  settingsFrame().evaluate(() =>
    Object.values((JSON.parse(localStorage.getItem('mirage:state') ?? '{}') as { users?: Record<string, Record<string, unknown>> }).users ?? {}),
  );
const storedPermission = (fileId: string) =>
  settingsFrame().evaluate(
    (id) => (JSON.parse(localStorage.getItem('mirage:state') ?? '{}') as { permissions?: Record<string, unknown> }).permissions?.[id],
    fileId,
  );

async function openStage(): Promise<void> {
  await page.goto(baseUrl() + '/');
  await filesTable(page, 'My Drive').waitFor();
}

test('a reload during the debounce, and one during retries, lose nothing', async () => {
  await openStage();
  const root = filesTable(page, 'My Drive');
  // Reload as soon as the file is chosen: within the 300 ms debounce, before any save was sent.
  await (await scrollToRow(page, root, 'Welcome to your drive')).click();
  await root.getByText('Shown on your site').waitFor();
  await page.reload();
  await filesTable(page, 'My Drive').waitFor();
  expect((await storedModels()).map((m) => m.activeFileId)).toContain(DRIVE_IDS.welcomeDoc);

  // Every request fails: the save retries, the owner is told, and the page is reloaded twice.
  await setSwitch('failureRate', 1);
  // Opening a folder changes the user model (its breadcrumb) without a request first.
  await rowButton(filesTable(page, 'My Drive'), 'Welcome to your drive').focus();
  await page.keyboard.press('Home');
  await rowButton(filesTable(page, 'My Drive'), 'Projects').click();
  await panelFrame(page)
    .getByText(/^Not saved yet — next attempt at /)
    .waitFor();
  await page.reload();
  await panelFrame(page).getByText('Your settings could not be loaded.', { exact: false }).waitFor();
  await setSwitch('failureRate', 0);
  await page.reload();
  await filesTable(page, 'Projects').waitFor();
  const inProjects = (m: Record<string, unknown>) => JSON.stringify(m.breadcrumb).includes(DRIVE_IDS.projects);
  const models = await poll(storedModels, (ms) => ms.some(inProjects));
  expect(models.filter(inProjects).map((m) => m.activeFileId)).toEqual([DRIVE_IDS.welcomeDoc]);
  await panelFrame(page).getByText('All changes saved').waitFor();
});

/**
 * Moves the page's paused clock on in short steps until the locator shows: an attempt sent just
 * before the clock stopped gets its answer (the mock answers on a timer) and the status line its
 * frame. Each step is far shorter than any wait between attempts, so no extra attempt starts.
 */
async function runUntilShown(locator: Locator): Promise<void> {
  for (let step = 0; step < 100 && !(await locator.isVisible()); step++) await page.clock.runFor(20);
  await locator.waitFor();
}

test('a stalled save times out after about 15 s, is retried, and later saves go through', async () => {
  await page.clock.install();
  await openStage();
  await setSwitch('latencyMs', 600_000);
  // From here the page's time moves only when the test moves it.
  await pausePageClock(page, settingsFrame());
  // Opening a folder changes the user model (its breadcrumb): that save stalls.
  await rowButton(filesTable(page, 'My Drive'), 'Projects').click();
  await panelFrame(page).getByText('Saving…').waitFor();
  // Timers run in order: the save's debounce (300 ms), then the request's time limit.
  await page.clock.runFor(14_000);
  await panelFrame(page).getByText('Saving…').waitFor();
  expect(
    await panelFrame(page)
      .getByText(/^Not saved yet/)
      .count(),
  ).toBe(0);
  // The time limit (15 s after the send) passes within the next two seconds; the retry follows
  // half a second or more after it, so the status is looked at step by step in between.
  await runUntilShown(panelFrame(page).getByText(/^Not saved yet — next attempt at /));
  await setSwitch('latencyMs', 0);
  await page.clock.resume();
  await page.clock.fastForward('00:05');
  await panelFrame(page).getByText('All changes saved').waitFor();
  const models = await storedModels();
  expect(models.some((m) => JSON.stringify(m.breadcrumb).includes(DRIVE_IDS.projects))).toBe(true);
});

test('through an outage of several minutes the panel keeps trying, says when, and saves within a minute of the return', async () => {
  await page.clock.install();
  await openStage();
  await setSwitch('failureRate', 1);
  // From here the page's time moves only when the test moves it: the status stays as it is
  // while the test looks at it (on a busy machine an attempt could otherwise replace it).
  await pausePageClock(page, settingsFrame());
  await rowButton(filesTable(page, 'My Drive'), 'Projects').click();
  const waiting = panelFrame(page).getByText(/^Not saved yet — next attempt at \d/);
  await runUntilShown(waiting);
  await page.clock.runFor(4 * 60_000);
  await runUntilShown(waiting);
  // Still trying, not given up: no "not saved" alert (the folder's listing failing is said apart).
  expect(await panelFrame(page).getByRole('alert').filter({ hasText: 'Not saved' }).count()).toBe(0);
  await waiting.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/save-outage.png' });
  await setSwitch('failureRate', 0);
  await page.clock.resume();
  await page.clock.runFor(61_000);
  await panelFrame(page).getByText('All changes saved').waitFor();
  const models = await storedModels();
  expect(models.some((m) => JSON.stringify(m.breadcrumb).includes(DRIVE_IDS.projects))).toBe(true);
});

test('two files clicked quickly: the second is active, with no false error', async () => {
  await openStage();
  const root = filesTable(page, 'My Drive');
  await setSwitch('latencyMs', 250);
  await rowButton(root, 'Annual report 2025.pdf').click();
  await rowButton(root, 'Budget 2026').click();
  await rowButton(root, 'Budget 2026').getByText('Shown on your site').waitFor();
  await panelFrame(page).getByText('All changes saved').waitFor();
  expect(
    await panelFrame(page)
      .getByText(/^Could not choose/)
      .count(),
  ).toBe(0);
  expect((await storedModels()).map((m) => m.activeFileId)).toContain(DRIVE_IDS.budgetSheet);
});

test('"Anyone can view" then "Private" clicked quickly ends private', async () => {
  await openStage();
  const root = filesTable(page, 'My Drive');
  await rowButton(root, 'Annual report 2025.pdf').click();
  const group = panelFrame(page).getByRole('group', { name: 'Who can open “Annual report 2025.pdf”' });
  await group.waitFor();
  await setSwitch('latencyMs', 250);
  await group.getByRole('radio', { name: 'Anyone can view' }).click();
  await group.getByRole('radio', { name: 'Private (only you)' }).click();
  // The panel tells the widget (through the stage, which logs it) after each change the drive holds:
  // wait for the one that makes the file private.
  await page.getByRole('log').getByText(`SETTINGS_UPDATED {"type":"permission","fileId":"${DRIVE_IDS.annualPdf}","role":"none"}`, { exact: false }).waitFor();
  await panelFrame(page).getByText('Updating sharing…').waitFor({ state: 'detached' });
  // Nothing changes it afterwards: held for two answers' latency.
  expect(
    await poll(
      () => storedPermission(DRIVE_IDS.annualPdf),
      (p) => p !== undefined,
      500,
    ),
  ).toBeUndefined();
  expect(await group.getByRole('radio', { name: 'Private (only you)' }).isChecked()).toBe(true);
});
