/**
 * The current editor's stage against the real server, as `npm run serve` runs it (current.html): the
 * element's script comes from the URL the app registers (/drive-file-widget.js, a redirect to the
 * hashed, immutable file); the panel connects the drive with a connect ticket (its access token
 * never in a URL), a file chosen shows in the element, and deleting the component removes its
 * settings on the server.
 *
 * @e2e-builds stage
 */
import type { Page, Response } from 'playwright-core';
import { ownerToken } from '../../mirage/fakeTokenInfo';
import { DEV_APP_ID } from '../../server/src/devSecret';
import { STAGE_SITE_INSTANCE_ID } from '../../stage/current/config';
import { launchBrowser } from './browser';
import { filesTable, panelFrame, poll, rowButton, connectDriveFromPanel } from './panelPage';
import { startServedApp, type ServedApp } from './servedApp';

jest.setTimeout(240_000);

const PDF = 'Annual report 2025.pdf';
let served: ServedApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];
const answers: Response[] = [];

beforeAll(async () => {
  served = await startServedApp();
  browser = await launchBrowser({ viewport: { width: 1400, height: 1000 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => answers.push(r));
  page.on('console', (m) => {
    // The drive's icons and viewer are on the internet, which tests do not reach. @wix/editor's own
    // stylesheet (a public CDN) is never requested (src/editor/designSystemStylesheet.ts).
    const expected = /Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/;
    if (m.type() === 'error' && !expected.test(m.text())) problems.push(`console: ${m.text()}`);
  });
});
afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

/** The element's settings as the server holds them, read with the stage's owner token (as the panel reads them). */
async function storedSettings(widgetKey: string): Promise<{ activeFileId: string | null; revision: number }> {
  const token = ownerToken(STAGE_SITE_INSTANCE_ID, Date.now(), 600, DEV_APP_ID);
  const answer = await page.request.get(`${served.url}/api/user?widgetKey=${widgetKey}`, { headers: { Authorization: token } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { activeFileId: string | null; revision: number };
}

test('connect with a ticket, choose a file: the element shows it; delete the component: its settings are removed on the server', async () => {
  await page.goto(`${served.url}/current.html`);
  const element = page.locator('drive-file-widget');
  // The element's script, as the platform loads it: the registered URL, then the immutable hashed file.
  const script = await poll(async () => answers.find((r) => new URL(r.url()).pathname === '/drive-file-widget.js'), Boolean);
  expect(script!.status()).toBe(302);
  const built = answers.find((r) => /\/element\.[0-9a-f]{8,}\.js$/.test(r.url()));
  expect(built?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const panel = panelFrame(page);
  await connectDriveFromPanel(page);

  // A private file shows visitors nothing (the owner's hint in the editor): share it, as the owner would.
  await rowButton(filesTable(page, 'My Drive'), PDF).click();
  await panel
    .getByRole('group', { name: `Who can open “${PDF}”` })
    .getByRole('radio', { name: 'Anyone can view' })
    .click();
  await element
    .locator(`iframe[title="${PDF}"]`)
    .waitFor()
    .catch(async (e: unknown) => {
      await page.screenshot({ path: 'test-results/current-served-failed.png' });
      throw e;
    });
  await panel.getByText('All changes saved').waitFor();
  const widgetKey = (await element.getAttribute('widget-key'))!;
  expect((await storedSettings(widgetKey)).activeFileId).not.toBeNull();
  await page.screenshot({ path: 'test-results/current-served.png' });

  await page.getByRole('button', { name: 'Delete component' }).click();
  const removed = await poll(
    () => storedSettings(widgetKey),
    (stored) => stored.activeFileId === null,
    15_000,
  );
  expect(removed.revision).toBeGreaterThan(1);
  expect(problems).toEqual([]);
  // Neither the access token nor the ticket reached a log line.
  expect(served.output()).not.toMatch(/ticket=[A-Za-z0-9_-]{43}/);
  expect(served.output()).toMatch(/drive connected/);
});
