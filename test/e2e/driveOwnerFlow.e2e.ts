/**
 * The owner's whole flow in real Chromium against the app as `npm run serve` runs it, with the fake
 * drive provider: connect through the provider's consent page in the 874×600 popup, browse,
 * activate a file, share it, and see the widget show it (also in the page the server renders);
 * then disconnect. Then the owner's sign-in link, sent to someone else, opened and allowed in their
 * browser (its own context), connects nothing. The server's output is checked for tokens afterwards.
 *
 * @e2e-builds stage
 */
import type { Page } from 'playwright-core';
import { driveId } from '../../mirage/driveIds';
import { CONNECT_HANDOVER_WAIT_MS } from '../../src/contract/connectCompletion';
import { launchBrowser } from './browser';
import { filesTable, panelFrame, poll, rowButton, widgetFrame } from './panelPage';
import { startServedApp, type ServedApp } from './servedApp';

jest.setTimeout(240_000);

/** A private file only the drive's viewer shows (a PDF or a presentation would be part of the page). */
const PDF = { id: driveId('file/contract-docx'), title: 'Contract draft.docx' };

let served: ServedApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  served = await startServedApp();
  browser = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The drive's icons and viewer are on the internet, which tests do not reach.
    if (m.type() === 'error' && !/Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

test('connect through the consent page, browse, activate, share, and the widget shows the file', async () => {
  await page.goto(served.url + '/');
  const panel = panelFrame(page);

  // Not connected yet: the panel offers to connect.
  const connect = panel.getByRole('button', { name: 'Connect a drive account' });
  await connect.waitFor();

  // The popup goes to the provider's consent page; Allow comes back to the server's page, which hands
  // its code to the panel; the panel closes the popup and binds the drive with its own instance.
  const popupOpened = browser.context.waitForEvent('page');
  await connect.click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close', { timeout: 20_000 });
  await popup.getByRole('heading', { name: 'Drive File Widget wants to access your drive' }).waitFor();
  expect(popup.url().startsWith(served.fakeDriveUrl)).toBe(true);
  expect(popup.viewportSize()).toEqual({ width: 874, height: 600 });
  await popup.screenshot({ path: 'test-results/drive-consent.png' });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;

  const confirmation = panel.getByRole('dialog', { name: 'Your drive is connected' });
  await confirmation.waitFor();
  await page.keyboard.press('Escape');
  await panel.getByText('ada@example.com').waitFor();

  // Browse two levels through the server and the fake drive, then back.
  const root = filesTable(page, 'My Drive');
  await root.waitFor();
  await rowButton(root, 'Projects').click();
  await rowButton(filesTable(page, 'Projects'), '2026').click();
  await rowButton(filesTable(page, '2026'), 'Q3').click();
  await filesTable(page, 'Q3').getByText('Q3 plan').waitFor();
  await panel.getByRole('navigation', { name: 'Folder trail' }).getByRole('button', { name: 'My Drive' }).click();
  await root.waitFor();

  // Activate a private Word file (below the table's first rows: scrolled to), then share it: anyone can view.
  for (let tries = 0; tries < 10 && (await rowButton(root, PDF.title).count()) === 0; tries += 1) {
    await root.hover();
    await page.mouse.wheel(0, 200);
  }
  await rowButton(root, PDF.title).click();
  const sharing = panel.getByRole('group', { name: `Who can open “${PDF.title}”` });
  await sharing.waitFor();
  expect(await sharing.getByRole('radio', { name: 'Private (only you)' }).isChecked()).toBe(true);
  await sharing.getByRole('radio', { name: 'Anyone can view' }).click();
  expect(await poll(() => sharing.getByRole('radio', { name: 'Anyone can view' }).isChecked(), Boolean)).toBe(true);

  // The drive holds the new permission (asked through the server, as the panel does).
  const panelSrc = await page.locator('iframe[title="Settings panel"]').getAttribute('src');
  const query = new URL(panelSrc!, served.url + '/').searchParams;
  query.set('fileId', PDF.id);
  const permissions = await poll(
    async () => (await (await page.request.get(`${served.url}/api/permissions?${query.toString()}`)).json()) as { items: { role: string; type: string }[] },
    (body) => body.items.some((p) => p.type === 'anyone'),
  );
  expect(permissions.items).toContainEqual(expect.objectContaining({ role: 'reader', type: 'anyone' }));

  // The widget shows it, and so does the widget page the server renders.
  const embedded = widgetFrame(page).locator(`iframe[title="${PDF.title}"]`);
  await embedded.waitFor().catch(async (e: unknown) => {
    await page.screenshot({ path: 'test-results/drive-owner-flow-failed.png' });
    throw e;
  });
  expect(await embedded.getAttribute('src')).toMatch(new RegExp(`^https://drive\\.google\\.com/file/d/${PDF.id}/preview`));
  const widgetSrc = await page.locator('iframe[title="Widget"]').getAttribute('src');
  const html = await (await page.request.get(new URL(widgetSrc!, served.url + '/').toString())).text();
  expect(html).toContain(`<iframe title="${PDF.title}" src="https://drive.google.com/file/d/${PDF.id}/preview`);
  await page.screenshot({ path: 'test-results/drive-owner-flow.png' });

  // Disconnect: the grant is revoked at the provider and the panel offers to connect again.
  await panel.getByRole('button', { name: 'Disconnect' }).click();
  await panel.getByRole('button', { name: 'Connect a drive account' }).waitFor();
  const fake = (await (await page.request.get(`${served.fakeDriveUrl}/__fake/control`)).json()) as { liveGrants: number };
  expect(fake.liveGrants).toBe(0);
  expect(problems).toEqual([]);
});

test("the owner's sign-in link, opened and allowed in another browser, connects nothing to the owner's widget", async () => {
  // The attacker is this site's owner: her panel's instance gets a ticket, and its link goes to a victim.
  await page.goto(served.url + '/');
  const panelSrc = await page.locator('iframe[title="Settings panel"]').getAttribute('src');
  const credential = new URL(panelSrc!, served.url + '/').searchParams;
  const askLink = async () => {
    const answer = await page.request.post(`${served.url}/api/connect-ticket?${credential.toString()}`);
    expect(answer.status()).toBe(200);
    return `${served.url}/api/authenticate?ticket=${((await answer.json()) as { ticket: string }).ticket}`;
  };
  // The legacy instance itself no longer opens the route.
  expect((await page.request.get(`${served.url}/api/authenticate?${credential.toString()}`, { maxRedirects: 0 })).status()).toBe(401);

  const victim = await launchBrowser({ viewport: { width: 874, height: 600 } });
  try {
    // Opened as a link (no opener): the victim allows, and the page says nothing was connected.
    const tab = await victim.context.newPage();
    await tab.goto(await askLink());
    await tab.getByRole('heading', { name: 'Drive File Widget wants to access your drive' }).waitFor();
    await tab.getByRole('button', { name: 'Allow' }).click();
    await tab.getByRole('heading', { name: 'Nothing was connected' }).waitFor();
    await tab.getByText("This sign-in was not started from your site's editor in this browser").waitFor();
    await tab.screenshot({ path: 'test-results/connect-link-victim.png' });

    // Opened as a popup by a page of another origin: the code is posted to our origin only, so that page never gets it.
    // The popup's wait for its opener passes in the pages' time, which the test moves on.
    await victim.context.clock.install();
    const opener = await victim.context.newPage();
    const heard: unknown[] = [];
    await opener.exposeFunction('heard', (data: unknown) => void heard.push(data));
    await opener.goto(`${served.fakeDriveUrl}/__fake/control`);
    await opener.evaluate(() => window.addEventListener('message', (event) => void (window as unknown as { heard(d: unknown): void }).heard(event.data)));
    const popupOpened = victim.context.waitForEvent('page');
    await opener.evaluate((link) => void window.open(link, 'dfw-authenticate', 'width=874,height=600'), await askLink());
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.getByRole('heading', { name: 'Connecting your drive' }).waitFor();
    await popup.waitForLoadState('load');
    await victim.context.clock.runFor(CONNECT_HANDOVER_WAIT_MS);
    await popup.getByRole('heading', { name: 'Nothing was connected' }).waitFor({ timeout: 15_000 });
    expect(heard).toEqual([]);
  } finally {
    await victim.close();
  }

  const about = await page.request.get(`${served.url}/api/about?${credential.toString()}`);
  expect([about.status(), ((await about.json()) as { error: string }).error]).toEqual([401, 'not_connected']);
  await page.reload();
  await panelFrame(page).getByRole('button', { name: 'Connect a drive account' }).waitFor();
});

test("the server's output never holds a token or an authorization code", () => {
  const output = served.output();
  expect(output).toMatch(/drive connected/);
  expect(output).not.toMatch(/fake-(access|refresh|code)-/);
});
