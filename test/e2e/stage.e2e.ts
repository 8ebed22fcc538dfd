/**
 * The local editor stage in real Chromium: the settings panel lists My Drive from the Mirage
 * drive, the widget frame loads, and what the panel saves reaches the widget.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { baseUrl as base, filesTable, poll, rowButton, scrollToRow } from './panelPage';

jest.setTimeout(90_000);

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
});

test('the stage shows the panel listing My Drive and the widget frame', async () => {
  await page.goto(base() + '/');
  await page.getByRole('heading', { name: 'Drive File Widget — local editor stage' }).waitFor();

  const panelFrame = page.frameLocator('iframe[title="Settings panel"]');
  const table = panelFrame.getByRole('table', { name: 'Files in My Drive' });
  await table.waitFor({ timeout: 20_000 });
  await panelFrame.getByRole('navigation', { name: 'Folder trail' }).getByText('My Drive').waitFor();
  for (const name of ['Archive', 'Photos', 'Projects', 'Reports']) await rowButton(table, name).waitFor();
  // Titles that look like markup stay text.
  await table.getByText('<img src=x onerror=alert(1)>').waitFor();
  expect(await panelFrame.locator('img[src="x"]').count()).toBe(0);

  const widgetFrame = page.frameLocator('iframe[title="Widget"]');
  await widgetFrame.getByText('Open the settings to choose a file from your drive.').waitFor();

  // Query strings the platform would add.
  const panelSrc = await page.locator('iframe[title="Settings panel"]').getAttribute('src');
  const widgetSrc = await page.locator('iframe[title="Widget"]').getAttribute('src');
  const p = new URL(panelSrc!, base());
  const w = new URL(widgetSrc!, base());
  expect(p.searchParams.get('compId')).toBe('tpaSettings');
  expect(p.searchParams.get('origCompId')).toBe(w.searchParams.get('compId'));
  expect(p.searchParams.get('instance')).toMatch(/^[\w-]+\.[\w-]+$/);

  await page.screenshot({ path: 'test-results/stage.png' });
  expect(errors).toEqual([]);
});

test('a file chosen in the panel shows in the widget, and survives a reload of both frames', async () => {
  const panelFrame = page.frameLocator('iframe[title="Settings panel"]');
  await (await scrollToRow(page, filesTable(page, 'My Drive'), 'Welcome to your drive')).click();
  await panelFrame.getByRole('group', { name: 'Who can open “Welcome to your drive”' }).waitFor();
  const widgetFrame = page.frameLocator('iframe[title="Widget"]');
  const embedded = widgetFrame.locator('iframe[title="Welcome to your drive"]');
  await embedded.waitFor({ timeout: 10_000 }).catch(async (e) => {
    await page.screenshot({ path: 'test-results/failure.png' });
    console.log(await page.getByRole('log').innerText());
    throw e;
  });
  expect(await embedded.getAttribute('src')).toMatch(/^https:\/\/docs\.google\.com\/document\/d\/[^/]+\/preview\?hl=en$/);

  // The widget previews the choice at once; the reload waits until the panel says it is saved.
  await panelFrame.getByText('All changes saved').waitFor();
  await page.reload();
  await page.frameLocator('iframe[title="Widget"]').locator('iframe[title="Welcome to your drive"]').waitFor({ timeout: 20_000 });
  const row = page.frameLocator('iframe[title="Settings panel"]').locator('tr[aria-current="true"]');
  await row.getByText('Welcome to your drive').waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('deleting the component with its frame removed at once: the settings are gone from the mock backend all the same', async () => {
  const storedUsers = () =>
    page.evaluate(() => Object.keys((JSON.parse(localStorage.getItem('mirage:state') ?? '{}') as { users?: Record<string, unknown> }).users ?? {}));
  expect(await storedUsers()).toHaveLength(1);
  // The editor may remove the frame the moment it has told the widget: here, in the very task that
  // delivers the event, right after the widget's own handler (registered before this one) has run.
  const widget = page.frame({ url: /\/widget\.html/ });
  expect(widget).not.toBeNull();
  await widget!.evaluate(() =>
    window.addEventListener('message', (e) => {
      if (String(e.data).includes('COMPONENT_DELETED')) window.frameElement?.remove();
    }),
  );
  await page.getByRole('button', { name: 'Delete component' }).click();
  await page.getByRole('button', { name: 'Add component back' }).waitFor();
  expect(await page.locator('iframe[title="Widget"]').count()).toBe(0);
  expect(await poll(storedUsers, (users) => users.length === 0)).toEqual([]);
  await page.getByRole('button', { name: 'Add component back' }).click();
  await page.frameLocator('iframe[title="Widget"]').getByText('Open the settings to choose a file from your drive.').waitFor({ timeout: 20_000 });
});

test("deleting the component deletes the widget's settings", async () => {
  await page.getByRole('button', { name: 'Delete component' }).click();
  await page.getByRole('button', { name: 'Add component back' }).waitFor();
  await page.getByRole('button', { name: 'Add component back' }).click();
  await page.frameLocator('iframe[title="Widget"]').getByText('Open the settings to choose a file from your drive.').waitFor({ timeout: 20_000 });
});

test('when the stage adapter cannot be fetched, the panel runs standalone and says so in the console', async () => {
  const failing = await browser.context.newPage();
  const pageErrors: string[] = [];
  failing.on('pageerror', (e) => pageErrors.push(e.message));
  const refused: string[] = [];
  await failing.route(/\/editor-stage\.(?:[0-9a-f]{8}\.)?chunk\.js$/, (route) => {
    refused.push(new URL(route.request().frame().url()).pathname);
    return route.abort();
  });
  const warned = failing.waitForEvent('console', {
    predicate: (m) => m.type() === 'warning' && m.text().includes('the stage adapter could not be loaded, running standalone'),
    timeout: 20_000,
  });
  try {
    await failing.goto(base() + '/');
    await warned;
    // No blank panel: it lists the drive all the same.
    await filesTable(failing, 'My Drive').waitFor({ timeout: 20_000 });
    expect(refused).toContain('/settings.html');
    expect(pageErrors).toEqual([]);
  } finally {
    await failing.close();
  }
});
