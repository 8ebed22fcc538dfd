/**
 * The owner's editor view of a private document, in real Chromium, in the legacy (iframe) model:
 * the production widget page from the real server (the fake drive, the Welcome document made
 * private), framed cross-origin by a host page that speaks the platform SDK's messages. Visitors
 * get none of the document; the owner's frame shows every image of it (each decoded, naturalWidth
 * above 0), through the signed paths the server wrote for that owner.
 *
 * @e2e-builds production
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { loadBuiltPages } from '../../server/src/pages/builtPages';
import type { Database } from '../../server/src/db/database';
import type { Renderer } from '../../server/src/render/renderPool';
import { startDriveApp, type DriveApp } from '../../server/test/support/driveApp';
import { ownerInstance, visitorInstance } from '../../server/test/support/instances';
import { connectOwner, until } from '../../server/test/support/nativeApp';
import { testRenderer } from '../../server/test/support/renderer';
import { save } from '../../server/test/support/requests';
import { openTestDatabase } from '../../server/test/support/testApp';
import { launchBrowser } from './browser';
import { scrollEachImageIntoView } from './lazyImages';
import { FAKE_SDK } from './platformHost';
import { builtPages } from './sharedBuilds';

jest.setTimeout(240_000);

let db: Database;
let renderer: Renderer;
let t: DriveApp;
let host: Server;
let hostUrl: string;
let pagesUrl: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

const widgetQuery = (instance: string, viewMode: string) => new URLSearchParams({ instance, compId: 'comp-1', viewMode, locale: 'en', deviceType: 'desktop' });

/** The host's page framing the widget page, answering the SDK's first questions in `viewMode`. */
function hostPage(widgetUrl: string, viewMode: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Editor</title></head><body style="margin:0">
<iframe title="Widget" src="${widgetUrl}" style="display:block;border:0;width:900px;height:5000px"></iframe>
<script>
  window.addEventListener('message', function (e) {
    var m; try { m = JSON.parse(e.data); } catch (_) { return; }
    if (!m || m.intent !== 'TPA2') return;
    function reply(res) { e.source.postMessage(JSON.stringify({ intent: 'TPA_RESPONSE', callId: m.callId, type: m.type, res: res, status: true }), e.origin); }
    if (m.type === 'appIsAlive') reply({ siteColors: [], siteTextPresets: {}, style: { colors: {}, numbers: {}, booleans: {}, fonts: {} }, fonts: { cssUrls: [] } });
    else if (m.type === 'getViewMode') reply({ editMode: '${viewMode}' });
  });
</script></body></html>`;
}

beforeAll(async () => {
  const dist = await builtPages('production');
  db = await openTestDatabase();
  renderer = testRenderer({ timeoutMs: 120_000 });
  host = createServer((request, response) => {
    const owner = new URL(request.url ?? '/', 'http://x').pathname === '/editor';
    const query = owner ? widgetQuery(ownerInstance(), 'editor') : widgetQuery(visitorInstance(), 'site');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(`${pagesUrl}/widget.html?${query}`, owner ? 'editor' : 'site'));
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;
  t = await startDriveApp(db, undefined, { pages: loadBuiltPages(dist), renderer, config: { frameAncestors: [hostUrl] } });
  const panel = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };
  await connectOwner(t, panel);
  t.fake.permissions.remove(DRIVE_IDS.welcomeDoc, 'anyoneWithLink');
  const doc = {
    activeFileId: DRIVE_IDS.welcomeDoc,
    activeFilePerm: 'none',
    activeFileTitle: 'Welcome',
    activeFileMimeType: 'application/vnd.google-apps.document',
  };
  await save(t.app, panel, doc, 0);
  // The owner's first page renders the document; a render is slow on a loaded machine: the wait is by time.
  await until(
    async () => (await t.inject({ method: 'GET', url: `/widget.html?${widgetQuery(ownerInstance(), 'editor')}` })).body.includes('<article id="dfw-native"'),
    'the rendering',
  );
  pagesUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser({ viewport: { width: 1000, height: 900 } });
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

it("the owner's editor shows every image of a private document; a visitor's page shows none of it", async () => {
  const page = await browser.context.newPage();
  const imageAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/content/images/')) imageAnswers.push(response.status());
  });
  await page.goto(`${hostUrl}/editor`);
  const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await frame.waitForSelector('#dfw-native h2');
  // The images load lazily, as the owner scrolls near them: brought into view, every one loads.
  await scrollEachImageIntoView(frame, '#dfw-native img');
  const images = await frame.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('#dfw-native img')).map((i) => ({ width: i.naturalWidth, signed: /[?&]sig=/.test(i.src) })),
  );
  expect(images.map((i) => ({ shown: i.width > 0, signed: i.signed }))).toEqual(Array(3).fill({ shown: true, signed: true }));
  expect(imageAnswers.length).toBeGreaterThanOrEqual(3);
  expect(imageAnswers.filter((status) => status !== 200)).toEqual([]);

  await page.goto(`${hostUrl}/site`);
  const visitorFrame = (await (await page.waitForSelector('iframe')).contentFrame())!;
  await visitorFrame.waitForSelector('#root');
  expect(await visitorFrame.evaluate(() => [document.getElementById('dfw-native'), document.body.innerHTML.includes('sig=')])).toEqual([null, false]);
  await page.close();
});
