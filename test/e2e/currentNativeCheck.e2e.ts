/**
 * A visitor's element shows what the server holds now (issue 20, point 5, the current model), end
 * to end against the real server as `npm run serve` runs it: the owner chooses a public Google
 * Doc in the current editor's stage, and the site's page is written from the element's attributes
 * then (a reference to the rendering, never the rendering). The document is then edited on the
 * drive, and later stops being shared there, with no panel open. A site's page still carrying the
 * old attribute shows the stored version at once (the server never waits for the drive), and
 * after the server's next check (at most once per check interval, 5 s here through
 * NATIVE_CHECK_INTERVAL_SECONDS) the element shows the new version, then nothing of the private
 * file; the site's page HTML never held any of it. Screenshot: test-results/current-native-checked.png.
 *
 * @e2e-builds stage
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ELEMENT_ATTRIBUTES } from '../../src/contract/elementAttributes';
import { elementMarkup } from '../helpers/elementMarkup';
import { launchBrowser } from './browser';
import { connectDriveFromPanel, filesTable, scrollToRow } from './panelPage';
import { startServedApp, type ServedApp } from './servedApp';

jest.setTimeout(480_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
const WELCOME = 'Welcome to your drive';
/** The server asks the drive at most once per interval per widget's file (60 s unless configured). */
const CHECK_INTERVAL_MS = 5_000;
let served: ServedApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let site: Server;
let siteUrl: string;
/** The element's attributes as the editor held them when the site was published. */
let attributes: Record<string, string> = {};
const problems: string[] = [];
/** Records a page's errors, and the element's warnings, into `problems`. */
let watchVisitor: (p: Page) => void = () => undefined;

function sitePage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Site</title><script type="module" src="${served.url}/drive-file-widget.js"></script></head>
<body style="margin:0"><div style="width:800px">${elementMarkup({ ...attributes, 'view-mode': 'site' })}<p id="after">After the widget.</p></div></body></html>`;
}

beforeAll(async () => {
  served = await startServedApp({ NATIVE_CHECK_INTERVAL_SECONDS: String(CHECK_INTERVAL_MS / 1000) });
  site = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(sitePage()));
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
  browser = await launchBrowser({ viewport: { width: 1400, height: 1000 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(30_000);
  const watch = (p: Page) => {
    p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    p.on('console', (m) => {
      const expected = /Failed to load resource|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/;
      if (m.type() === 'error' && !expected.test(m.text())) problems.push(`console: ${m.text()}`);
      if (m.type() === 'warning' && m.text().startsWith('Drive File Widget:')) problems.push(`warning: ${m.text()}`);
    });
  };
  watch(page);
  watchVisitor = watch;
});
afterAll(async () => {
  await browser?.close();
  site?.close();
  await served?.stop();
});

/** The fake drive's switches: the owner edits the file, or stops sharing it, on the drive itself. */
async function onTheDrive(change: Record<string, string>) {
  const answer = await fetch(`${served.fakeDriveUrl}/__fake/control`, { method: 'POST', body: JSON.stringify(change) });
  expect(answer.status).toBe(200);
}

/** What the element on the site's page shows: the version of the rendering drawn, its document, its size; and what the page's HTML holds. */
async function visit() {
  const visitor = await browser.context.newPage();
  watchVisitor(visitor);
  await visitor.goto(siteUrl);
  await visitor.waitForFunction(() => customElements.get('drive-file-widget') !== undefined);
  return visitor;
}
const shownOn = (visitor: Page) =>
  visitor.evaluate(() => {
    const host = document.querySelector('drive-file-widget')!;
    const main = host.shadowRoot?.querySelector('main');
    return {
      version: main?.dataset.version ? Number(main.dataset.version) : null,
      pageHtml: document.documentElement.outerHTML,
      articles: host.shadowRoot?.querySelectorAll('article').length ?? 0,
      headings: host.shadowRoot?.querySelectorAll('article h1, article h2').length ?? 0,
      text: host.shadowRoot?.textContent ?? '',
      hostHeight: host.getBoundingClientRect().height,
      contentHeight: main?.getBoundingClientRect().height ?? 0,
      afterTop: document.getElementById('after')!.getBoundingClientRect().top - host.getBoundingClientRect().bottom,
    };
  });

/** Visits the site's page until the element shows what `done` wants (each visit is one check by the element). */
async function visitUntil(done: (shown: Awaited<ReturnType<typeof shownOn>>) => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const visitor = await visit();
    await visitor.waitForTimeout(1500);
    const shown = await shownOn(visitor);
    if (done(shown)) return { visitor, shown };
    await visitor.close();
    if (Date.now() > deadline) throw new Error(`The site's element never showed ${what}: ${JSON.stringify({ ...shown, text: shown.text.slice(0, 80) })}`);
  }
}

test('a document edited, then made private on the drive with no panel open: the visitor sees the new version, then nothing', async () => {
  await page.goto(`${served.url}/current.html`);
  const element = page.locator('drive-file-widget');
  await connectDriveFromPanel(page);
  await (await scrollToRow(page, filesTable(page, 'My Drive'), WELCOME)).click();
  await element.locator('article h2').first().waitFor({ timeout: 90_000 });
  const renderedAt = Date.now();
  const names: string[] = Object.values(ELEMENT_ATTRIBUTES).filter((name) => name !== ELEMENT_ATTRIBUTES.viewMode);
  const all = await element.evaluate((e) => Object.fromEntries(Array.from(e.attributes, (a) => [a.name, a.value])));
  attributes = Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
  expect(attributes[ELEMENT_ATTRIBUTES.widgetKey]).toMatch(/^[0-9a-f-]{36}$/);
  const content = JSON.parse(attributes.content!) as { fileId: string; version: number };
  // The attribute, which the platform publishes in the site's page, names the rendering and holds none of it.
  expect(content).toEqual({ fileId: content.fileId, version: 1 });
  expect(sitePage()).not.toMatch(/&lt;h2|Headings/);
  // The panel is closed: from here on only the drive changes.
  await page.close();

  await onTheDrive({ touchFile: content.fileId });
  // The check answers from the stored copy, never waiting for the drive: the page shows version 1 at once.
  const early = await visit();
  await early.waitForFunction(() => document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('article h2'));
  expect((await shownOn(early)).version).toBe(1);
  await early.close();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, renderedAt + CHECK_INTERVAL_MS + 1000 - Date.now())));
  const fresh = await visitUntil((shown) => shown.version === 2, 'version 2');
  const checkedAt = Date.now();
  expect(fresh.shown.headings).toBe(13);
  expect(Math.abs(fresh.shown.hostHeight - fresh.shown.contentHeight)).toBeLessThanOrEqual(1);
  expect(fresh.shown.afterTop).toBeGreaterThanOrEqual(0);
  await fresh.visitor.screenshot({ path: path.join(SCREENSHOTS, 'current-native-checked.png') });
  await fresh.visitor.close();

  await onTheDrive({ unshareFile: content.fileId });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, checkedAt + CHECK_INTERVAL_MS + 1000 - Date.now())));
  const gone = await visitUntil((shown) => shown.version === null && shown.articles === 0, 'nothing of the private file');
  expect(gone.shown.text).not.toMatch(/Headings|Lorem ipsum/);
  // Nothing of it in the page either: the HTML the platform serves, and the page's DOM, hold the reference alone.
  expect(sitePage()).not.toMatch(/Headings|Lorem ipsum/);
  expect(gone.shown.pageHtml).not.toMatch(/Headings|Lorem ipsum/);
  expect(gone.shown.hostHeight).toBe(0);
  await gone.visitor.close();
  expect(problems).toEqual([]);
  expect(served.output()).not.toMatch(/ya29|Bearer [A-Za-z0-9]/);
});
