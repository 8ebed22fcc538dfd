/**
 * Files as the drive really holds them, end to end in real Chromium against the app as `npm run
 * serve` runs it, compiled (its fake drive answers as the drive does: a shared drive's files only
 * to callers that support shared drives, a private file's thumbnails only with the owner's token,
 * a file shared by link before 2021 only with its resource key). The owner, in the current
 * editor's stage, opens "Shared drives" at the top of the files table, browses into a shared drive
 * and chooses a private Doc there, shares it, and a visitor's page shows it as part of the page;
 * the same for a private image in My Drive (our copies of its thumbnails, none fetched from the
 * drive by the visitor); and a resource-keyed file shown in the drive's viewer opens a viewer URL
 * that carries its resource key, in the editor and on the visitor's page.
 *
 * @e2e-builds stage serve
 */
import type { Locator, Page } from 'playwright-core';
import { DRIVE_IDS, RESOURCE_KEYS } from '../../mirage/driveIds';
import { launchBrowser } from './browser';
import { scrollEachImageIntoView } from './lazyImages';
import { connectDriveFromPanel, filesTable, panelFrame, rowButton, scrollToRow, shareChosen } from './panelPage';
import { startServedApp, type ServedApp } from './servedApp';
import { firstHeadingOf, readElementAttributes, startSitePage, type SitePage } from './sitePage';

jest.setTimeout(300_000);

let served: ServedApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let site: SitePage;
let element: Locator;
const problems: string[] = [];

beforeAll(async () => {
  served = await startServedApp({}, { compiled: true });
  site = await startSitePage(served.url);
  browser = await launchBrowser({ viewport: { width: 1400, height: 1000 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // As currentServed.e2e: the drive's icons are on the internet; @wix/editor's stylesheet is refused on purpose.
    const expected = /Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|stylesheet 'https:\/\/www\.unpkg\.com\/@wix\/design-system\//;
    if (m.type() === 'error' && !expected.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await page.goto(`${served.url}/current.html`);
  element = page.locator('drive-file-widget');
  await connectDriveFromPanel(page);
  // The shared builds come first, and a loaded machine makes them slow.
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await served?.stop();
});

/** The visitor's page with the element as the editor now holds it; every request it makes is recorded. */
async function visitorPage(): Promise<{ visitor: Page; asked: URL[] }> {
  site.write(await readElementAttributes(element));
  const asked: URL[] = [];
  const visitor = await browser.context.newPage();
  visitor.on('request', (request) => void asked.push(new URL(request.url())));
  await visitor.goto(site.url);
  return { visitor, asked };
}

test('a private Doc in a shared drive, chosen and shared in the panel, shows as part of a visitor’s page', async () => {
  const panel = panelFrame(page);
  await rowButton(filesTable(page, 'My Drive'), 'Shared drives').click();
  await rowButton(filesTable(page, 'Shared drives'), 'Marketing').click();
  await rowButton(filesTable(page, 'Marketing'), 'Brand guide').click();
  await shareChosen(page, 'Brand guide');
  const heading = await firstHeadingOf(page, DRIVE_IDS.brandGuide);
  await element.locator('article', { hasText: heading }).waitFor({ timeout: 90_000 });
  await panel.getByText('All changes saved').waitFor();

  const { visitor } = await visitorPage();
  // The site's page names the rendering; the element fetches it and draws it, no viewer.
  expect(site.html(1280)).not.toContain(heading);
  const shown = await visitor.waitForFunction(
    (text) => {
      const root = document.querySelector('drive-file-widget')?.shadowRoot;
      const article = root?.querySelector('article');
      return article?.textContent?.includes(text) ? { iframes: root!.querySelectorAll('iframe').length } : null;
    },
    heading,
    { timeout: 30_000 },
  );
  expect(await shown.jsonValue()).toEqual({ iframes: 0 });
  await visitor.close();
  expect(problems).toEqual([]);
});

test('a private image in My Drive, chosen and shared, shows as part of a visitor’s page from our copies of its thumbnails', async () => {
  const panel = panelFrame(page);
  // Back from the shared drive (the last test) to My Drive.
  await panel.getByRole('navigation', { name: 'Folder trail' }).getByRole('button', { name: 'My Drive' }).click();
  await (await scrollToRow(page, filesTable(page, 'My Drive'), 'Logo.png')).click();
  await shareChosen(page, 'Logo.png');
  // The image file drawn on the canvas from our copies of its thumbnails, loaded.
  await page
    .waitForFunction(
      () => (document.querySelector('drive-file-widget')?.shadowRoot?.querySelector<HTMLImageElement>('main img')?.naturalWidth ?? 0) > 0,
      null,
      { timeout: 90_000 },
    )
    .catch(async (e: unknown) => {
      const drawn = await element.evaluate((e) => e.shadowRoot?.innerHTML.slice(0, 400));
      throw new Error(`The image was not drawn: ${String(e)}\nelement: ${drawn}\nserver: ${served.output().slice(-3000)}`);
    });
  await panel.getByText('All changes saved').waitFor();

  const { visitor, asked } = await visitorPage();
  await visitor.waitForFunction(() => document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('main img'), null, { timeout: 30_000 });
  await scrollEachImageIntoView(visitor, 'drive-file-widget img');
  const images = await visitor.evaluate(() =>
    Array.from(document.querySelector('drive-file-widget')!.shadowRoot!.querySelectorAll('img'), (i) => ({ src: i.currentSrc, width: i.naturalWidth })),
  );
  expect(images).toHaveLength(1);
  expect(images[0]!.width).toBeGreaterThan(0);
  expect(new URL(images[0]!.src).origin).toBe(new URL(served.url).origin);
  // The visitor's browser asked the drive for nothing: the thumbnails need the owner's token.
  expect(asked.filter((url) => url.origin === new URL(served.fakeDriveUrl).origin)).toEqual([]);
  await visitor.close();
  expect(problems).toEqual([]);
});

test('a file shared by link before 2021, shown in the drive’s viewer: the viewer’s URL carries its resource key', async () => {
  const title = 'Old team handbook';
  const panel = panelFrame(page);
  await (await scrollToRow(page, filesTable(page, 'My Drive'), title)).click();
  await panel.getByRole('tab', { name: 'Design' }).click();
  await panel.getByRole('radio', { name: 'Show in the drive’s viewer' }).click();
  const viewer = element.locator(`iframe[title="${title}"]`);
  await viewer.waitFor({ timeout: 30_000 });
  const key = RESOURCE_KEYS[DRIVE_IDS.keyedHandbook]!;
  const expected = new RegExp(`^https://docs\\.google\\.com/document/d/${DRIVE_IDS.keyedHandbook}/preview\\?.*\\bresourcekey=${key}(&|$)`);
  expect(await viewer.getAttribute('src')).toMatch(expected);
  await panel.getByText('All changes saved').waitFor();

  const { visitor } = await visitorPage();
  const onSite = visitor.locator(`drive-file-widget iframe[title="${title}"]`);
  await onSite.waitFor({ timeout: 30_000 });
  expect(await onSite.getAttribute('src')).toMatch(expected);
  await visitor.close();
  expect(problems).toEqual([]);
});
