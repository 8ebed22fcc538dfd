/**
 * Refusals said in the owner's words, in real Chromium on the editor stage played in German
 * (`/?locale=de`), with the Mirage drive answering as the server does (mirage/switches.ts): a save
 * whose model the server cannot store is refused 400 by the contract, naming the setting; a
 * Disconnect whose signed instance is refused (401) says so, and the account is shown as the mock
 * really has it after the panel's own re-check.
 */
import type { Frame, Page } from 'playwright-core';
import { DRIVE_IDS, ME } from '../../mirage/drive';
import { launchBrowser } from './browser';
import { baseUrl, panelFrame, poll, scrollToRow } from './panelPage';

jest.setTimeout(120_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(baseUrl() + '/?locale=de');
  await myDrive().waitFor();
});
afterAll(async () => {
  await browser?.close();
});

const myDrive = () => panelFrame(page).getByRole('table', { name: 'Dateien in Meine Ablage' });
const settingsFrame = (): Frame => {
  const frame = page.frames().find((f) => f.url().includes('settings.html'));
  if (!frame) throw new Error('No settings frame');
  return frame;
};
/** Sets (or, with null, clears) one of the mock's switches, which live in localStorage. */
const setSwitch = (key: string, value: string | null) =>
  settingsFrame().evaluate(([k, v]) => (v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)), [key, value] as const);
/** The mock backend's state (kept in localStorage). */
const mockState = () =>
  settingsFrame().evaluate(
    () => JSON.parse(localStorage.getItem('mirage:state') ?? '{}') as { connected?: boolean; users?: Record<string, { activeFileId?: string }> },
  );

test('a save the backend refuses (400) names the setting in the owner’s language, keeps the change, and Retry saves it once it can be stored', async () => {
  // The model arrives altered (as from a newer panel or a proxy): its border width is one the contract refuses.
  await setSwitch('mirage:saveOverrides', JSON.stringify({ borderWidth: 99 }));
  await (await scrollToRow(page, myDrive(), 'Welcome to your drive')).click();
  const alert = panelFrame(page).getByRole('alert').filter({ hasText: 'Noch nicht gespeichert' });
  await alert.getByText('Der Server hat den Wert von „Rahmenbreite“ abgelehnt.').waitFor();
  expect(Object.values((await mockState()).users ?? {})).toEqual([]);
  await alert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/stage-save-refused-de.png' });

  await setSwitch('mirage:saveOverrides', null);
  await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
  await panelFrame(page).getByText('Alle Änderungen gespeichert').waitFor();
  expect(Object.values((await mockState()).users ?? {}).map((u) => u.activeFileId)).toEqual([DRIVE_IDS.welcomeDoc]);
});

test('a Disconnect refused (401) says so and why in the owner’s language, and the account is shown as it really is', async () => {
  // Counts the account reads the panel has had answered (the re-check after a failed disconnect is one).
  await settingsFrame().evaluate(() => {
    const counted = window as unknown as { aboutAnswers: number };
    counted.aboutAnswers = 0;
    const original = window.fetch;
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const answer = await original(...args);
      if (String(args[0] instanceof Request ? args[0].url : args[0]).includes('/api/about')) counted.aboutAnswers++;
      return answer;
    };
  });
  const aboutAnswers = () => settingsFrame().evaluate(() => (window as unknown as { aboutAnswers: number }).aboutAnswers);
  await setSwitch('mirage:forgedInstancePaths', '/api/disconnect');
  const disconnect = panelFrame(page).getByRole('button', { name: 'Trennen' });
  const refused = panelFrame(page).getByRole('alert').filter({ hasText: 'Das Konto konnte nicht getrennt werden.' });

  // The mock still has the account connected: after the re-check it is still shown, with the error.
  await disconnect.click();
  await refused.getByText('Diese Editor-Sitzung ist nicht mehr gültig; lade den Editor neu.').waitFor();
  expect(await poll(aboutAnswers, (n) => n >= 1)).toBe(1);
  await disconnect.waitFor();
  expect(await disconnect.isEnabled()).toBe(true);
  expect(await panelFrame(page).getByText(ME.displayName, { exact: true }).count()).toBe(1);
  expect(await refused.count()).toBe(1);
  expect((await mockState()).connected).toBe(true);
  await refused.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/stage-disconnect-refused-de.png' });

  // The account was disconnected elsewhere meanwhile: the refused Disconnect's re-check shows that instead.
  await settingsFrame().evaluate(() => {
    const state = JSON.parse(localStorage.getItem('mirage:state') ?? '{}') as { connected?: boolean };
    localStorage.setItem('mirage:state', JSON.stringify({ ...state, connected: false }));
  });
  await disconnect.click();
  await panelFrame(page).getByRole('button', { name: 'Drive-Konto verbinden' }).waitFor();
  await refused.waitFor();
  expect(await aboutAnswers()).toBe(2);
});
