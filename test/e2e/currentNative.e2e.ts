/**
 * A Google Doc shown as part of the page in the platform's current model, end to end, against the
 * real server as `npm run serve` runs it, compiled as it compiles it (its fake drive, its renderer): the owner connects the
 * drive in the current editor's stage and chooses a document; the panel writes a reference to the
 * server's rendering into the custom element's `content` attribute (issue 20), never the rendering,
 * and the element on the canvas fetches it and draws it natively. The site's page, as the platform
 * writes it from the element's attributes, holds none of the document, and shows it at 320 and
 * 1280 px exactly as tall as its content, with nothing scrolling inside; a footnote link scrolls to
 * its note in the shadow root. Made private in the panel, the document leaves the attribute, and
 * the site's page shows nothing of it. The element's request failing leaves nothing drawn and is
 * said once in the console. Screenshots: test-results/current-native-*.png (docs/pictures/: npm run screenshots).
 *
 * @e2e-builds stage serve
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { filesTable, panelFrame, poll, scrollToRow, connectDriveFromPanel } from './panelPage';
import { startServedApp, type ServedApp } from './servedApp';
import { readElementAttributes, startSitePage, type SitePage } from './sitePage';

jest.setTimeout(300_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
const WELCOME = 'Welcome to your drive';
const FOOTNOTED = 'Отчёт о продажах за квартал';
let served: ServedApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let site: SitePage;
/** The element's attributes as the editor holds them: what the platform writes into the site's page. */
let attributes: Record<string, string> = {};
const problems: string[] = [];

const sitePage = (width: number): string => site.html(width);

beforeAll(async () => {
  served = await startServedApp({}, { compiled: true });
  site = await startSitePage(served.url);
  browser = await launchBrowser({ viewport: { width: 1400, height: 1000 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // As currentServed.e2e: the drive's icons are on the internet, which tests do not reach.
    const expected = /Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/;
    if (m.type() === 'error' && !expected.test(m.text())) problems.push(`console: ${m.text()}`);
  });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await served?.stop();
});

/** The element's attributes as the editor holds them, written into the site's page from now on. */
async function readAttributes(element: Locator): Promise<Record<string, string>> {
  const read = await readElementAttributes(element);
  site.write(read);
  return read;
}

async function choose(title: string) {
  const table = filesTable(page, 'My Drive');
  await (await scrollToRow(page, table, title)).click();
  return panelFrame(page).getByRole('group', { name: `Who can open “${title}”` });
}

const onSite = (width: number): Promise<Page> => site.visit(browser.context, width);

async function siteGeometry(visitor: Page) {
  return visitor.evaluate(() => {
    const host = document.querySelector('drive-file-widget')!;
    const main = host.shadowRoot!.querySelector('main')!;
    const hostBox = host.getBoundingClientRect();
    return {
      headings: main.querySelectorAll('article h1, article h2, article h3').length,
      iframes: host.shadowRoot!.querySelectorAll('iframe').length,
      hostHeight: hostBox.height,
      contentHeight: main.getBoundingClientRect().height,
      clipped: main.scrollHeight - main.clientHeight,
      afterTop: document.getElementById('after')!.getBoundingClientRect().top - hostBox.bottom,
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

test('a Google Doc chosen in the current editor shows natively on the site, as tall as its content; made private, it is gone', async () => {
  await page.goto(`${served.url}/current.html`);
  const element = page.locator('drive-file-widget');
  const panel = panelFrame(page);
  await connectDriveFromPanel(page);

  // A public document: the panel writes its rendering; the element on the canvas draws it, no viewer.
  await choose(WELCOME);
  await element.locator('article h2').first().waitFor({ timeout: 90_000 });
  expect(await element.locator('iframe').count()).toBe(0);
  attributes = await readAttributes(element);
  // The attribute names the rendering (the platform publishes it in the site's page): no HTML in it.
  const content = JSON.parse(attributes.content!) as { fileId: string; version: number };
  expect(content).toEqual({ fileId: expect.any(String), version: 1 });
  expect(await element.locator('article').textContent()).toContain('Headings');
  expect(sitePage(1280)).not.toMatch(/&lt;h2|Headings/);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'current-native-editor.png') });
  // The stage itself at a phone's width and a desktop's: the document fetched and drawn on the canvas.
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 1000 });
    await element.locator('article h2').first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, `current-native-stage-${width}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 1000 });

  // When the element's class is defined (its upgrade draws it), on every visitor's page from here on.
  await browser.context.addInitScript(() => {
    const define = customElements.define.bind(customElements);
    customElements.define = (...args: Parameters<CustomElementRegistry['define']>) => {
      (window as unknown as { __definedAt: number }).__definedAt = performance.now();
      define(...args);
    };
  });
  for (const width of [320, 1280]) {
    const visitor = await onSite(width);
    await visitor.waitForFunction(() => document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('article h2'));
    // The element's script asks for the rendering first, before its class is evaluated and defined; its draw asks nothing more.
    const asked = await visitor.evaluate(() => ({
      requests: performance.getEntriesByType('resource').flatMap((e) => (e.name.includes('/content/current?') ? [e.startTime] : [])),
      definedAt: (window as unknown as { __definedAt?: number }).__definedAt ?? null,
    }));
    expect(asked.requests).toHaveLength(1);
    expect(asked.definedAt !== null && asked.requests[0]! < asked.definedAt).toBe(true);
    const g = await siteGeometry(visitor);
    expect(g.headings).toBe(13);
    expect(g.iframes).toBe(0);
    expect(Math.abs(g.hostHeight - g.contentHeight)).toBeLessThanOrEqual(1);
    expect(g.contentHeight).toBeGreaterThan(1000);
    expect(g.clipped).toBeLessThanOrEqual(1);
    expect(g.afterTop).toBeGreaterThanOrEqual(0);
    expect(g.afterTop).toBeLessThan(40);
    expect(g.pageScrollsSideways).toBe(false);
    await visitor.screenshot({ path: path.join(SCREENSHOTS, `current-native-site-${width}.png`), fullPage: true });
    await visitor.close();
  }

  // A document with footnotes, private on the drive: shared, it comes on the page; its note link scrolls to the note.
  const sharing = await choose(FOOTNOTED);
  await sharing.getByRole('radio', { name: 'Anyone can view' }).click();
  await element.locator('article a[href="#ftnt1"]').waitFor({ timeout: 90_000 });
  attributes = await readAttributes(element);
  const visitor = await onSite(1280);
  const note = await visitor.evaluateHandle(async () => {
    const root = () => document.querySelector('drive-file-widget')?.shadowRoot;
    while (!root()?.querySelector('a[href="#ftnt1"]')) await new Promise((r) => setTimeout(r, 50));
    return root()!;
  });
  await visitor.setViewportSize({ width: 1280, height: 120 });
  // The note starts below the viewport.
  expect(await visitor.evaluate((root) => (root as ShadowRoot).getElementById('ftnt1')!.getBoundingClientRect().top > window.innerHeight, note)).toBe(true);
  await visitor.locator('drive-file-widget a[href="#ftnt1"]').first().click();
  // The note is near the document's end: it lands within the viewport (as near its top as the page can scroll), focused.
  const landed = await visitor
    .waitForFunction(
      (root) => {
        const target = (root as ShadowRoot).getElementById('ftnt1')!;
        const box = target.getBoundingClientRect();
        const inView = box.top >= -1 && box.bottom <= window.innerHeight + 1;
        return inView && (root as ShadowRoot).activeElement === target ? { top: box.top, scrollY: window.scrollY, hash: location.hash } : null;
      },
      note,
      { timeout: 5000 },
    )
    .catch(async (error: unknown) => {
      const seen = await visitor.evaluate(
        (root) => ({
          top: (root as ShadowRoot).getElementById('ftnt1')?.getBoundingClientRect().top,
          scrollY: window.scrollY,
          focused: (root as ShadowRoot).activeElement?.id,
          hash: location.hash,
        }),
        note,
      );
      throw new Error(`The footnote link did not land on its note: ${JSON.stringify(seen)} (${String(error)})`);
    });
  const { scrollY, hash } = (await landed.jsonValue()) as { top: number; scrollY: number; hash: string };
  expect(scrollY).toBeGreaterThan(0);
  // The site's address is left alone.
  expect(hash).toBe('');
  await visitor.screenshot({ path: path.join(SCREENSHOTS, 'current-native-footnote.png') });
  await visitor.close();

  // Its title is public in the file attribute; its text and markup are nowhere in the page.
  expect(sitePage(1280)).not.toMatch(/ftnt|&lt;/);

  // Made private: the attribute is cleared, and the site's page shows nothing of it.
  await sharing.getByRole('radio', { name: 'Private (only you)' }).click();
  const cleared = await poll(
    () => element.getAttribute('content'),
    (value) => !value,
    15_000,
  );
  expect(cleared ?? '').toBe('');
  await panel.getByText('All changes saved').waitFor();
  attributes = await readAttributes(element);
  const after = await onSite(1280);
  await after.waitForFunction(() => document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('main, p, div'));
  await after.waitForTimeout(500);
  const left = await after.evaluate(() => {
    const root = document.querySelector('drive-file-widget')!.shadowRoot!;
    return { articles: root.querySelectorAll('article').length, text: root.textContent ?? '', html: document.documentElement.outerHTML };
  });
  expect(left.articles).toBe(0);
  expect(left.text).not.toMatch(/Отчёт|ftnt/);
  expect(left.html).not.toMatch(/Отчёт о продажах|ftnt1/);
  await after.close();
  expect(problems).toEqual([]);
  expect(served.output()).not.toMatch(/ya29|Bearer [A-Za-z0-9]/);
});

test("the rendering's request failing is said in the panel with Retry now; once it answers, the file comes on the page", async () => {
  const element = page.locator('drive-file-widget');
  const panel = panelFrame(page);
  await browser.context.route('**/api/content?**', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'Retry-After': '120', 'Content-Type': 'application/json' },
      body: JSON.stringify({ error: 'drive_unavailable', message: 'The drive is busy or unreachable; try again shortly.' }),
    }),
  );
  // The footnoted document is active and private (the last test): shared again, its rendering is asked for.
  const sharing = panel.getByRole('group', { name: `Who can open “${FOOTNOTED}”` });
  await sharing.getByRole('radio', { name: 'Anyone can view' }).click();
  const status = panel.getByRole('status').filter({ hasText: "The file on your site's page is not up to date yet — next attempt at" });
  await status.waitFor();
  expect(await element.getAttribute('content')).toBeFalsy();
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'current-native-retry.png') });
  await browser.context.unroute('**/api/content?**');
  await panel.getByRole('button', { name: 'Retry now' }).click();
  await element.locator('article a[href="#ftnt1"]').waitFor({ timeout: 90_000 });
  await status.waitFor({ state: 'detached' });
  expect(problems).toEqual([]);
});

test("the element's request failing on the site's page: tried again, then said once in the console; nothing drawn", async () => {
  // The footnoted document is active and public again (the last test).
  attributes = await readAttributes(page.locator('drive-file-widget'));
  expect(JSON.parse(attributes.content!)).toEqual({ fileId: expect.any(String), version: expect.any(Number) });
  const visitor = await browser.context.newPage();
  const asked: string[] = [];
  await visitor.route('**/content/current?**', (route) => {
    asked.push(route.request().url());
    return route.abort('connectionrefused');
  });
  const warnings: string[] = [];
  visitor.on('console', (m) => m.type() === 'warning' && m.text().startsWith('Drive File Widget:') && warnings.push(m.text()));
  await visitor.goto(`${site.url}/?width=1280`);
  await poll(
    async () => warnings.length,
    (count) => count > 0,
    20_000,
  );
  await visitor.waitForTimeout(500);
  // The first attempt and two more (after 1 s and 4 s), then one warning.
  expect(asked).toHaveLength(3);
  expect(warnings).toEqual([expect.stringMatching(/could not be fetched from our server .*what is shown stays/)]);
  expect(await visitor.evaluate(() => document.querySelector('drive-file-widget')!.shadowRoot!.querySelectorAll('article').length)).toBe(0);
  // Answered again, a visit shows the document.
  await visitor.unroute('**/content/current?**');
  await visitor.reload();
  await visitor.waitForFunction(() => document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('article a[href="#ftnt1"]'));
  await visitor.close();
  expect(problems).toEqual([]);
});
