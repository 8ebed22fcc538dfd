/**
 * Picker mode's popup in Chromium: the server (in picker mode, on the fake provider) serves the
 * Picker's page on its origin; the page loads the fake provider's Picker script under its CSP, the
 * Picker draws its frame from the provider's origin, and what the owner does there reaches the
 * opener (a page of our origin) as the contract's message: a picked file's id, a cancel. The
 * server then takes the file, and refuses a picked folder.
 */
import type { Page } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/driveIds';
import type { Database } from '../../server/src/db/database';
import { askTicket, connectThroughPopup } from '../../server/test/support/connectPopup';
import { startDriveApp, type DriveApp } from '../../server/test/support/driveApp';
import { ownerInstance } from '../../server/test/support/instances';
import { apiUrl, type Who } from '../../server/test/support/requests';
import { openTestDatabase } from '../../server/test/support/testApp';
import { launchBrowser } from './browser';

jest.setTimeout(120_000);

const OWNER: Who = { instance: ownerInstance({ instanceId: 'site-picker-e2e' }), compId: 'tpaSettings', origCompId: 'comp-picker-e2e' };

let db: Database;
let t: DriveApp;
let origin: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  db = await openTestDatabase();
  t = await startDriveApp(db, undefined, { access: 'picker' });
  await connectThroughPopup(t, { who: OWNER });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await db?.close();
});
beforeEach(async () => {
  page = await browser.context.newPage();
  await page.goto(`${origin}/api/health`);
  await page.evaluate(() => {
    const w = window as unknown as { heard: unknown[] };
    w.heard = [];
    window.addEventListener('message', (e) => w.heard.push({ origin: e.origin, data: e.data }));
  });
});
afterEach(() => page.close());

/** Opens the Picker's popup as the panel does (a ticket alone), does `act` in the Picker's frame, and answers what the opener heard. */
async function inPicker(act: (frame: ReturnType<Page['frameLocator']>) => Promise<void>, extra = '') {
  const ticket = await askTicket(t, { who: OWNER });
  const popupErrors: string[] = [];
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((url) => void window.open(url, 'dfw-picker'), `/api/picker?ticket=${ticket}${extra}`),
  ]);
  popup.on('console', (message) => popupErrors.push(message.text()));
  await act(popup.frameLocator('iframe[title="Google Picker"]'));
  if (!popup.isClosed()) await popup.waitForEvent('close');
  const heard = await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard);
  return { heard, popupErrors };
}

const choose = (fileId: string) =>
  t.inject({ method: 'POST', url: apiUrl('/api/picker-choice', OWNER), headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ fileId }) });

test('a Doc picked in the Picker reaches the opener as its id, and the server takes it', async () => {
  const { heard, popupErrors } = await inPicker((frame) => frame.getByRole('button', { name: 'Select Welcome to your drive' }).click());
  expect(heard).toEqual([{ origin, data: { type: 'dfw-picker-choice', fileId: DRIVE_IDS.welcomeDoc } }]);
  expect(popupErrors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
  const chosen = await choose(DRIVE_IDS.welcomeDoc);
  expect([chosen.statusCode, chosen.json()]).toEqual([200, expect.objectContaining({ id: DRIVE_IDS.welcomeDoc, title: 'Welcome to your drive' })]);
});

test('a cancel in the Picker reaches the opener as a cancel, and nothing is picked', async () => {
  const before = [...t.fake.grants.picked];
  const { heard } = await inPicker((frame) => frame.getByRole('button', { name: 'Cancel' }).click());
  expect(heard).toEqual([{ origin, data: { type: 'dfw-picker-cancel' } }]);
  expect([...t.fake.grants.picked]).toEqual(before);
});

test('a folder picked in the Picker is refused by the server', async () => {
  const { heard } = await inPicker((frame) => frame.getByRole('button', { name: 'Select Projects' }).click());
  expect(heard).toEqual([{ origin, data: { type: 'dfw-picker-choice', fileId: DRIVE_IDS.projects } }]);
  const chosen = await choose(DRIVE_IDS.projects);
  expect([chosen.statusCode, chosen.json()]).toEqual([400, expect.objectContaining({ error: 'picked_folder' })]);
});

test("the Picker speaks the widget's saved locale the panel sent: the page hands it to setLocale", async () => {
  let lang: string | null = null;
  const { heard } = await inPicker(async (frame) => {
    await frame.getByRole('heading', { name: 'Meine Ablage' }).waitFor();
    await frame.getByRole('button', { name: 'Projects öffnen' }).waitFor();
    lang = await frame.locator('html').getAttribute('lang');
    await frame.getByRole('button', { name: 'Abbrechen' }).click();
  }, '&locale=de');
  expect(lang).toBe('de');
  expect(heard).toEqual([{ origin, data: { type: 'dfw-picker-cancel' } }]);
});
