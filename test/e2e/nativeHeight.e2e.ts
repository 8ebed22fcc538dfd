/**
 * A document shown as part of the page, in real Chromium, in the legacy (iframe) model (issue 20,
 * point 4): the production widget page from the real server (with the fake drive and its real
 * export of the 27 KB reference document), framed cross-origin by a host page that speaks the
 * platform SDK's messages and sizes the frame when the widget calls `Wix.setHeight`. At 320 px and
 * 1280 px the frame ends exactly as tall as the content, nothing scrolls inside it, and at 320 px
 * nothing scrolls sideways but the wide table, inside itself; the document's images are our copies
 * and load as the page is scrolled (lazily). The same in the current model: the custom element on a
 * site's page, its content attribute naming the server's rendering (never holding it), fetched
 * from our server and as tall as the document in the page's flow. Screenshots: test-results/native-*.png.
 *
 * @e2e-builds production
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { ELEMENT_ATTRIBUTES, elementAttributesOf } from '../../src/contract/elementAttributes';
import { contentAttributeOf } from '../../src/contract/elementContent';
import { readUserModel } from '../../src/contract/userModel';
import { loadBuiltPages } from '../../server/src/pages/builtPages';
import type { Renderer } from '../../server/src/render/renderPool';
import type { Database } from '../../server/src/db/database';
import { startDriveApp, type DriveApp } from '../../server/test/support/driveApp';
import { ownerInstance, visitorInstance } from '../../server/test/support/instances';
import { connectOwner } from '../../server/test/support/nativeApp';
import { testRenderer } from '../../server/test/support/renderer';
import { apiUrl, save } from '../../server/test/support/requests';
import { openTestDatabase } from '../../server/test/support/testApp';
import { launchBrowser } from './browser';
import { scrollEachImageIntoView } from './lazyImages';
import { FAKE_SDK } from './platformHost';
import { builtPages } from './sharedBuilds';

jest.setTimeout(240_000);

const SCREENSHOTS = path.resolve(__dirname, '../../test-results');
/** The custom element's widget key (the current model). */
const ELEMENT_KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';
let db: Database;
let renderer: Renderer;
let t: DriveApp;
let host: Server;
let hostUrl: string;
let pagesUrl: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
/** The element's attributes as the panel writes them, its content a reference to the server's rendering. */
let elementAttributes: Record<string, string> = {};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A site's page (current model) with the custom element in a column `width` px wide, and text after it. */
function elementPage(width: number): string {
  const attributes = Object.entries({ ...elementAttributes, 'view-mode': 'site' })
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Site</title><script type="module" src="${pagesUrl}/drive-file-widget.js"></script></head>
<body style="margin:0"><div style="width:${width}px"><drive-file-widget ${attributes}></drive-file-widget><p id="after">After the widget.</p></div></body></html>`;
}

function hostPage(widgetUrl: string, width: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Site</title></head><body style="margin:0">
<iframe title="Widget" src="${widgetUrl}" style="display:block;border:0;width:${width}px;height:150px"></iframe>
<script>
  window.heights = [];
  window.addEventListener('message', function (e) {
    var m; try { m = JSON.parse(e.data); } catch (_) { return; }
    if (!m || m.intent !== 'TPA2') return;
    function reply(res) { e.source.postMessage(JSON.stringify({ intent: 'TPA_RESPONSE', callId: m.callId, type: m.type, res: res, status: true }), e.origin); }
    if (m.type === 'appIsAlive') reply({ siteColors: [], siteTextPresets: {}, style: { colors: {}, numbers: {}, booleans: {}, fonts: {} }, fonts: { cssUrls: [] } });
    else if (m.type === 'getViewMode') reply({ editMode: 'site' });
    else if (m.type === 'heightChanged') { window.heights.push(m.data.height); document.querySelector('iframe').style.height = m.data.height + 'px'; }
  });
</script></body></html>`;
}

beforeAll(async () => {
  const dist = await builtPages('production');
  db = await openTestDatabase();
  renderer = testRenderer({ timeoutMs: 120_000 });
  host = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const width = Number(url.searchParams.get('width'));
    if (url.pathname === '/element') return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(elementPage(width));
    const widget = `${pagesUrl}/widget.html?${new URLSearchParams({ instance: visitorInstance(), compId: 'comp-1', viewMode: 'site', locale: 'en', deviceType: 'desktop' })}`;
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(widget, width));
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;
  t = await startDriveApp(db, undefined, { pages: loadBuiltPages(dist), renderer, config: { frameAncestors: [hostUrl] } });
  const panel = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };
  // The drive is connected per widget: the iframe widget's (legacy) and the custom element's (current model, by its widget key).
  const element = { instance: ownerInstance(), widgetKey: ELEMENT_KEY };
  for (const who of [panel, element]) await connectOwner(t, who);
  const doc = {
    activeFileId: DRIVE_IDS.welcomeDoc,
    activeFilePerm: 'reader',
    activeFileTitle: 'Welcome',
    activeFileMimeType: 'application/vnd.google-apps.document',
  };
  await save(t.app, panel, doc, 0);
  // The same document in a custom element (the current model: its widget key names its settings).
  await save(t.app, element, doc, 0);
  // The first page renders the document (a visitor then gets the stored copy at once); the owner's
  // panel asks the custom element's rendering (what writes its attribute, a reference to it).
  // A render takes a fraction of a second idle, many seconds on a loaded machine: the wait is by time.
  let rendered = false;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline && !rendered;) {
    const page = await t.inject({
      method: 'GET',
      url: `/widget.html?${new URLSearchParams({ instance: ownerInstance(), compId: 'comp-1', viewMode: 'editor' })}`,
    });
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', element) });
    const content = answer.statusCode === 200 ? answer.json<{ content: { fileId: string; version: number } | null }>().content : null;
    rendered = page.body.includes('<article id="dfw-native"') && content !== null;
    if (content)
      elementAttributes = {
        ...elementAttributesOf(readUserModel(doc).model),
        [ELEMENT_ATTRIBUTES.widgetKey]: ELEMENT_KEY,
        content: contentAttributeOf(content),
      };
    if (!rendered) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!rendered) throw new Error('The document was not rendered for both widgets in time.');
  pagesUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser({ viewport: { width: 1400, height: 900 } });
  await browser.context.route('https://static.parastorage.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SDK }),
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  host?.close();
  await t?.close();
  await renderer?.close();
  await db?.close();
});

interface Geometry {
  frameHeight: number;
  contentHeight: number;
  scrollHeight: number;
  clientHeight: number;
  scrollWidth: number;
  clientWidth: number;
  wideOutsideTables: string[];
}

async function geometry(frame: Frame): Promise<Geometry> {
  return frame.evaluate(() => {
    const main = document.querySelector('main')!;
    const root = document.documentElement;
    const wide = Array.from(document.querySelectorAll<HTMLElement>('#dfw-native *'))
      .filter((e) => !e.closest('.dfw-table') && e.getBoundingClientRect().right > root.clientWidth + 0.5)
      .map((e) => e.tagName);
    return {
      frameHeight: window.innerHeight,
      contentHeight: Math.ceil(main.getBoundingClientRect().height),
      scrollHeight: root.scrollHeight,
      clientHeight: root.clientHeight,
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      wideOutsideTables: wide,
    };
  });
}

/** The content's images, and how many of them the browser could not show. */
async function loadedImages(frame: Frame): Promise<{ count: number; broken: number }> {
  return frame.evaluate(() => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('#dfw-native img'));
    return { count: images.length, broken: images.filter((i) => !(i.complete && i.naturalWidth > 0)).length };
  });
}

it.each([320, 1280])('at %i px the frame is exactly as tall as the document, with no inner scrollbar', async (width) => {
  const page = await browser.context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1', 'static.parastorage.com'].includes(url.hostname)) outside.push(url.host);
  });
  await page.goto(`${hostUrl}/?width=${width}`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('#dfw-native h2');
  await page.waitForFunction(() => (window as unknown as { heights: number[] }).heights.length > 0);
  await frame.waitForFunction(() => Math.abs(window.innerHeight - Math.ceil(document.querySelector('main')!.getBoundingClientRect().height)) <= 1);
  const g = await geometry(frame);
  expect(Math.abs(g.frameHeight - g.contentHeight)).toBeLessThanOrEqual(1);
  expect(g.scrollHeight).toBeLessThanOrEqual(g.clientHeight);
  expect(g.scrollWidth).toBeLessThanOrEqual(g.clientWidth);
  expect(g.wideOutsideTables).toEqual([]);
  // The content's images load lazily, as the visitor scrolls near them (a frame below the host's
  // viewport loads none): brought into view as a visitor scrolls, every one loads.
  await scrollEachImageIntoView(frame, '#dfw-native img');
  expect(await loadedImages(frame)).toEqual({ count: 3, broken: 0 });
  expect(outside).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-document-${width}.png`), fullPage: true });
  await page.close();
});

it.each([320, 1280])('at %i px the custom element is exactly as tall as the document, in the page flow, with no inner scrollbar', async (width) => {
  const page = await browser.context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname)) outside.push(url.host);
  });
  // The site's page HTML names the rendering, never holds it: the element fetches it from our server.
  expect(elementPage(width)).not.toMatch(/&lt;h2|Headings/);
  await page.goto(`${hostUrl}/element?width=${width}`);
  await page.waitForFunction(() => document.querySelector('drive-file-widget')?.shadowRoot?.querySelector('article h2'));
  await scrollEachImageIntoView(page, 'drive-file-widget article img');
  const g = await page.evaluate(() => {
    const host = document.querySelector('drive-file-widget')!;
    const main = host.shadowRoot!.querySelector('main')!;
    const hostBox = host.getBoundingClientRect();
    const images = Array.from(main.querySelectorAll('img'));
    return {
      hostHeight: hostBox.height,
      contentHeight: main.getBoundingClientRect().height,
      clipped: main.scrollHeight - main.clientHeight,
      afterTop: document.getElementById('after')!.getBoundingClientRect().top - hostBox.bottom,
      wideOutsideTables: Array.from(main.querySelectorAll<HTMLElement>('article *'))
        .filter((e) => !e.closest('.dfw-table') && e.getBoundingClientRect().right > hostBox.right + 0.5)
        .map((e) => e.tagName),
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      images: { count: images.length, broken: images.filter((i) => !(i.complete && i.naturalWidth > 0)).length },
    };
  });
  expect(Math.abs(g.hostHeight - g.contentHeight)).toBeLessThanOrEqual(1);
  expect(g.contentHeight).toBeGreaterThan(1000);
  expect(g.clipped).toBeLessThanOrEqual(1);
  // The page's own text follows the element, in the flow (a paragraph's top margin apart).
  expect(g.afterTop).toBeGreaterThanOrEqual(0);
  expect(g.afterTop).toBeLessThan(40);
  expect(g.wideOutsideTables).toEqual([]);
  expect(g.pageScrollsSideways).toBe(false);
  expect(g.images).toEqual({ count: 3, broken: 0 });
  expect(outside).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, `native-element-${width}.png`), fullPage: true });
  await page.close();
});
