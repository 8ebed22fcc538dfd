/**
 * A file shown as part of the page in real Chromium, both platform models, for the browser tests
 * (nativeHeight.e2e.ts: a document; nativeSheets.e2e.ts: a spreadsheet; nativePdf.e2e.ts: a PDF): the production widget
 * page from the real server (with the fake drive and its real exports), framed cross-origin by a
 * host page that speaks the platform SDK's messages and sizes the frame when the widget calls
 * `Wix.setHeight` (`/?width=N`); and a site's page with the custom element in a column N px wide,
 * its content attribute naming the server's rendering, with text after it (`/element?width=N`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame } from 'playwright-core';
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
import { elementMarkup } from '../helpers/elementMarkup';
import { launchBrowser } from './browser';
import { poll } from './panelPage';
import { FAKE_SDK } from './platformHost';
import { builtPages } from './sharedBuilds';

/** The custom element's widget key (the current model). */
const ELEMENT_KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';

export interface NativeStage {
  /** The host pages' origin: `/?width=N` (legacy iframe), `/element?width=N` (custom element). */
  hostUrl: string;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
  /** The site's page HTML with the custom element (its attributes as the panel writes them). */
  elementPage(width: number): string;
  close(): Promise<void>;
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

/** `read`'s first value that is not null, asked until `deadline` (panelPage.ts's poll). */
async function byTime<T>(deadline: number, what: string, read: () => Promise<T | null>): Promise<T> {
  const value = await poll(read, (read) => read !== null, deadline - Date.now());
  if (value === null) throw new Error(`The file was not rendered for ${what} in time.`);
  return value;
}

/**
 * Starts the stage with `file` (the saved model's file fields) shown as part of the page in both models, rendered before it answers.
 * `prepare` acts on the fake drive first (a file shared publicly, for one).
 */
export async function startNativeStage(file: Record<string, unknown>, prepare: (t: DriveApp) => void = () => undefined): Promise<NativeStage> {
  const dist = await builtPages('production');
  const db: Database = await openTestDatabase();
  const renderer: Renderer = testRenderer({ timeoutMs: 120_000 });
  let pagesUrl = '';
  let elementAttributes: Record<string, string> = {};
  const elementPage = (width: number): string => {
    return `<!doctype html><html><head><meta charset="utf-8"><title>Site</title><script type="module" src="${pagesUrl}/drive-file-widget.js"></script></head>
<body style="margin:0"><div style="width:${width}px">${elementMarkup({ ...elementAttributes, 'view-mode': 'site' })}<p id="after">After the widget.</p></div></body></html>`;
  };
  const host: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const width = Number(url.searchParams.get('width'));
    if (url.pathname === '/element') return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(elementPage(width));
    const widget = `${pagesUrl}/widget.html?${new URLSearchParams({ instance: visitorInstance(), compId: 'comp-1', viewMode: 'site', locale: 'en', deviceType: 'desktop' })}`;
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(widget, width));
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;
  const t: DriveApp = await startDriveApp(db, undefined, { pages: loadBuiltPages(dist), renderer, config: { frameAncestors: [hostUrl] } });
  const panel = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };
  // The drive is connected per widget: the iframe widget's (legacy) and the custom element's (current model, by its widget key).
  const element = { instance: ownerInstance(), widgetKey: ELEMENT_KEY };
  for (const who of [panel, element]) await connectOwner(t, who);
  prepare(t);
  await save(t.app, panel, file, 0);
  await save(t.app, element, file, 0);
  // The first page renders the file (a visitor then gets the stored copy at once); then the owner's
  // panel asks the custom element's rendering (what writes its attribute, a reference to it), which
  // is the stored copy (asked during that render, it waits for it: one render per version).
  // A render takes a fraction of a second idle, many seconds on a loaded machine (a 100-page PDF's,
  // a minute or more): the wait is by time.
  const deadline = Date.now() + 420_000;
  await byTime(deadline, 'the iframe widget', async () => {
    const page = await t.inject({
      method: 'GET',
      url: `/widget.html?${new URLSearchParams({ instance: ownerInstance(), compId: 'comp-1', viewMode: 'editor' })}`,
    });
    return page.body.includes('<article id="dfw-native"') || null;
  });
  const content = await byTime(deadline, 'the custom element', async () => {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', element) });
    return answer.statusCode === 200 ? answer.json<{ content: { fileId: string; version: number } | null }>().content : null;
  });
  elementAttributes = {
    ...elementAttributesOf(readUserModel(file).model),
    [ELEMENT_ATTRIBUTES.widgetKey]: ELEMENT_KEY,
    content: contentAttributeOf(content),
  };
  pagesUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser({ viewport: { width: 1400, height: 900 } });
  await browser.context.route('https://static.parastorage.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SDK }),
  );
  return {
    hostUrl,
    browser,
    elementPage,
    async close() {
      await browser.close();
      host.close();
      await t.close();
      await renderer.close();
      await db.close();
    },
  };
}

/** How the legacy widget's frame fits its content: its height, the content's, what scrolls, and what of the content is wider than the frame outside a table's own box. */
export interface Geometry {
  frameHeight: number;
  contentHeight: number;
  scrollHeight: number;
  clientHeight: number;
  scrollWidth: number;
  clientWidth: number;
  wideOutsideTables: string[];
}

export async function frameGeometry(frame: Frame): Promise<Geometry> {
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
