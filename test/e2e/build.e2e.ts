/**
 * The production build: both pages, each with its own entry and HTML page, the platform's SDK
 * script, no Mirage code, and every language but English in a chunk of its own that the built page
 * fetches when it is used. Built exactly as `npm run build` builds, into a temporary folder (once
 * per run, by the browser tests' global setup: sharedBuilds.ts); then run cross-origin inside a
 * host page that speaks the SDK's message protocol.
 *
 * @e2e-builds production
 */
import { readdirSync, readFileSync } from 'fs';
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import type { Route } from 'playwright-core';
import type webpack from 'webpack';
import { launchBrowser } from './browser';
import { FAKE_SDK, startPlatformHost, WIDGET_ID } from './platformHost';
import { serveBuiltPages } from './servedPages';
import { builtPages } from './sharedBuilds';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '../..');
let out: string;
let files: string[];

beforeAll(async () => {
  out = await builtPages('production');
  files = readdirSync(out);
});

test('writes the settings page and the widget page, each with its own script', () => {
  expect(files).toEqual(expect.arrayContaining(['settings.html', 'widget.html']));
  const settingsHtml = readFileSync(path.join(out, 'settings.html'), 'utf8');
  const widgetHtml = readFileSync(path.join(out, 'widget.html'), 'utf8');
  expect(settingsHtml).toMatch(/<script[^>]+src="?settings\.[0-9a-f]{8}\.js/);
  expect(widgetHtml).toMatch(/<script[^>]+src="?widget\.[0-9a-f]{8}\.js/);
  expect(widgetHtml).not.toContain('settings.');
  // The visitor's copy (the site view) loads its own script; neither it nor the owner's page, nor
  // any chunk the owner's page can load (named in its script), carries React: only the panel does.
  const visitorHtml = readFileSync(path.join(out, 'widget-site.html'), 'utf8');
  const visitorScript = /<script[^>]+src="?(visitor\.[0-9a-f]{8}\.js)/.exec(visitorHtml)?.[1];
  expect(visitorScript).toBeDefined();
  const widgetScript = /<script[^>]+src="?(widget\.[0-9a-f]{8}\.js)/.exec(widgetHtml)![1]!;
  const settingsScript = /<script[^>]+src="?(settings\.[0-9a-f]{8}\.js)/.exec(settingsHtml)![1]!;
  const text = (file: string) => readFileSync(path.join(out, file), 'utf8');
  const hasReact = (file: string) => text(file).includes('react.transitional.element');
  const widgetChunks = [...text(widgetScript).matchAll(/import\("\.\/([^"]+\.chunk\.js)"\)/g)].map((m) => m[1]!);
  expect(widgetChunks).toEqual(expect.arrayContaining([expect.stringMatching(/^native\./), expect.stringMatching(/^editor-adapters\./)]));
  expect([widgetScript, visitorScript!, settingsScript, ...widgetChunks].filter(hasReact)).toEqual([settingsScript]);
  // The stage and the mock's pages are development tools.
  expect(files).not.toContain('index.html');
  expect(files).not.toContain('mock-authenticate.html');
  expect(files).not.toContain('mock-picker.html');
});

test('contains no Mirage code', () => {
  const shipped = files.filter((f) => /\.(js|html)$/.test(f));
  expect(shipped.length).toBeGreaterThanOrEqual(4);
  for (const file of shipped) {
    const text = readFileSync(path.join(out, file), 'utf8');
    expect({ file, mirage: /mirage/i.test(text), pretender: /pretender/i.test(text), mockBackend: text.includes('mock-backend') }).toEqual({
      file,
      mirage: false,
      pretender: false,
      mockBackend: false,
    });
  }
});

test('each language but English is a chunk of its own, outside the pages’ scripts', () => {
  const pageScripts = (html: string) =>
    [...readFileSync(path.join(out, html), 'utf8').matchAll(/src="?([^" >]+\.js)/g)]
      .map((m) => m[1]!)
      .filter((src) => !/^https?:/.test(src)) // the platform's SDK, from its host
      .map((src) => readFileSync(path.join(out, src), 'utf8'))
      .join('\n');
  const chunks = files.filter((f) => /^(panel|widget)-[a-z]{2}\.[0-9a-f]{8}\.chunk\.js$/.test(f));
  expect(chunks).toHaveLength(20);
  const panelGerman = readFileSync(
    path.join(
      out,
      chunks.find((f) => f.startsWith('panel-de.'))!,
    ),
    'utf8',
  );
  expect(panelGerman).toContain('Dateien in {folder}');
  expect(pageScripts('settings.html')).toContain('Files in {folder}');
  expect(pageScripts('settings.html')).not.toContain('Dateien in {folder}');
  expect(pageScripts('widget.html')).not.toContain('Wird geladen');
  expect(pageScripts('widget.html')).not.toContain('Files in {folder}');
});

test('in Chromium, the built pages fetch their language’s chunk from beside themselves', async () => {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const file = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    requested.push(file);
    if (file === 'host.html') {
      // A host page framing the widget as an editor would: only a framed widget shows the owner's notes.
      const widget = 'widget.html?compId=comp-1&viewMode=editor&locale=ja';
      res.writeHead(200, { 'Content-Type': types['.html'] }).end(`<!doctype html><iframe title="Widget" src="${widget}" width="320" height="240"></iframe>`);
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(path.join(out, file));
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await launchBrowser();
  try {
    // The platform's SDK is not reachable here; the pages run without it.
    await browser.context.route('https://static.parastorage.com/**', (route) => route.abort());
    const page = await browser.context.newPage();
    // No backend here: the widget says, in Japanese, that the file could not be loaded.
    await page.goto(`http://localhost:${port}/host.html`);
    await page
      .frameLocator('iframe[title="Widget"]')
      .getByRole('alert')
      .getByText('ファイルを読み込めませんでした。接続が回復すると、再び表示されます。')
      .waitFor({ timeout: 15_000 });
    await page.goto(`http://localhost:${port}/settings.html?compId=tpaSettings&origCompId=comp-1&viewMode=editor&locale=de`);
    await page.getByRole('heading', { name: 'Drive-Konto' }).waitFor({ timeout: 15_000 });
    expect(
      requested
        .filter((f) => f.endsWith('.chunk.js'))
        .map((f) => f.split('.')[0])
        .filter((name) => /^(panel|widget)-[a-z]{2}$/.test(name ?? ''))
        .sort(),
    ).toEqual(['panel-de', 'widget-ja']);
  } finally {
    await browser.close();
    server.close();
  }
});

test("the widget page's own script carries no settings client: a page with its settings embedded never needs one", () => {
  const widgetHtml = readFileSync(path.join(out, 'widget.html'), 'utf8');
  const own = /src="?(widget\.[0-9a-f]{8}\.js)/.exec(widgetHtml)![1]!;
  const script = readFileSync(path.join(out, own), 'utf8');
  const client = files.filter((f) => /^settings-client\.[0-9a-f]{8}\.chunk\.js$/.test(f));
  expect({ clientChunks: client.length, inPageScript: script.includes('credentials:"same-origin"') }).toEqual({ clientChunks: 1, inPageScript: false });
  // The client comes with the settings-client chunk's import: in it, or in a chunk it shares with the element's.
  const chunksWithClient = files.filter((f) => /\.chunk\.js$/.test(f) && readFileSync(path.join(out, f), 'utf8').includes('credentials:"same-origin"'));
  expect(chunksWithClient.length).toBeGreaterThan(0);
});

test("neither page's own script carries the local stage's adapter: a chunk of its own, fetched only when framed without the SDK", () => {
  const ownScript = (page: string) => {
    const own = /src="?((?:settings|widget)\.[0-9a-f]{8}\.js)/.exec(readFileSync(path.join(out, page), 'utf8'))![1]!;
    return readFileSync(path.join(out, own), 'utf8');
  };
  const stage = files.filter((f) => /^editor-stage\.[0-9a-f]{8}\.chunk\.js$/.test(f));
  // The adapter's own words: its refusal of a host it cannot address.
  const adapter = 'Stage bridge:';
  expect({ stageChunks: stage.length, inSettings: ownScript('settings.html').includes(adapter), inWidget: ownScript('widget.html').includes(adapter) }).toEqual(
    {
      stageChunks: 1,
      inSettings: false,
      inWidget: false,
    },
  );
  expect(readFileSync(path.join(out, stage[0]!), 'utf8')).toContain(adapter);
});

test("the element's scripts begin with V8's compile hint, and their source maps count its line; no other script does", () => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const scripts = files.filter((f) => /\.js$/.test(f));
  const hinted = scripts.filter((f) => readFileSync(path.join(out, f), 'utf8').startsWith(HINT)).map((f) => f.replace(/\.[0-9a-f]{8}(\.chunk)?\.js$/, ''));
  expect(hinted.sort()).toEqual(['element', 'element-native']);
  // The hint's line maps to nothing: the script's first mapping is on its second line.
  for (const file of scripts.filter((f) => /^element(-native)?\./.test(f))) {
    const map = JSON.parse(readFileSync(path.join(out, `${file}.map`), 'utf8')) as { mappings: string };
    expect({ file, firstLine: map.mappings.split(';')[0] }).toEqual({ file, firstLine: '' });
    expect({ file, secondLine: map.mappings.split(';')[1]!.length > 0 }).toEqual({ file, secondLine: true });
  }
});

describe("the platform's SDK", () => {
  test('each shipped page loads the pinned SDK script deferred, before its own module script: no script blocks the parser', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { WIX_SDK_VERSION } = require(path.join(root, 'webpack.config.js')) as { WIX_SDK_VERSION: string };
    for (const page of ['settings.html', 'widget.html']) {
      const html = readFileSync(path.join(out, page), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      const sdk = scripts.findIndex((a) => a.includes(`src=https://static.parastorage.com/services/js-sdk/${WIX_SDK_VERSION}/js/wix.min.js`));
      const own = scripts.findIndex((a) => /src="?(settings|widget)\.[0-9a-f]{8}\.js/.test(a));
      // Deferred scripts and module scripts run in document order once the page is parsed: the SDK's
      // global is there when the page's own script starts, and the parser never waits for the
      // platform's host.
      const blocking = scripts.filter((a) => !/\b(defer|async)\b|\btype="?module\b/.test(a));
      expect({ page, sdk: sdk >= 0, sdkFirst: sdk >= 0 && sdk < own, blocking }).toEqual({
        page,
        sdk: true,
        sdkFirst: true,
        blocking: [],
      });
    }
  });

  test('served by the server, the widget page shows its file while the SDK is on its way; its script starts with the SDK', async () => {
    const served = await serveBuiltPages(out, {
      activeFileId: 'file-plan',
      activeFilePerm: 'reader',
      activeFileTitle: 'Plan',
      // A kind only the drive's viewer shows (a PDF would be part of the page).
      activeFileMimeType: 'video/mp4',
    });
    const browser = await launchBrowser();
    try {
      const errors: string[] = [];
      let holdSdk!: (route: Route) => void;
      const sdkRequested = new Promise<Route>((resolve) => (holdSdk = resolve));
      await browser.context.route('https://static.parastorage.com/**', (route) => holdSdk(route));
      await browser.context.route(/^https:\/\/(drive|docs)\.google\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      // The fake SDK talks to window.parent, which is the page itself when it is not framed.
      await page.addInitScript(() => {
        const calls: string[] = ((window as unknown as { __sdkCalls: string[] }).__sdkCalls = []);
        window.addEventListener('message', (e) => {
          const m = typeof e.data === 'string' && e.data.startsWith('{') ? (JSON.parse(e.data) as { intent?: string; type?: string }) : null;
          if (m?.intent === 'TPA2' && m.type) calls.push(m.type);
        });
      });
      await page.goto(served.widgetUrl, { waitUntil: 'commit' });
      const sdk = await sdkRequested;
      // The SDK is held: the file is in the DOM all the same, and the page is parsed to its end.
      await page.locator('iframe[title="Plan"]').waitFor({ state: 'attached', timeout: 10_000 });
      expect(await page.evaluate(() => ({ readyState: document.readyState, wix: 'Wix' in window }))).toEqual({ readyState: 'interactive', wix: false });
      await sdk.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK });
      // The page's own script ran after the SDK and follows the platform through it.
      await page.waitForFunction(() => (window as unknown as { __sdkCalls: string[] }).__sdkCalls.includes('registerEventListener'), null, { timeout: 15_000 });
      expect(await page.locator('iframe[title="Plan"]').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await served.close();
    }
  });

  test('the version is overridable at build time (WIX_SDK_VERSION), and checked', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const makeConfig = require(path.join(root, 'webpack.config.js')) as (env: object, argv: object) => webpack.Configuration;
    const sdkUrls = (config: webpack.Configuration) =>
      (config.plugins ?? []).map((p) => (p as { userOptions?: { sdkUrl?: string | null } }).userOptions?.sdkUrl).filter((u) => u !== undefined);
    const saved = process.env.WIX_SDK_VERSION;
    try {
      process.env.WIX_SDK_VERSION = '1.2.3';
      // The settings page and the widget page name it; the visitor's copy (widget-site.html) none: its
      // script loads the SDK named at build time.
      const config = makeConfig({}, { mode: 'production' });
      expect(sdkUrls(config)).toEqual([
        'https://static.parastorage.com/services/js-sdk/1.2.3/js/wix.min.js',
        'https://static.parastorage.com/services/js-sdk/1.2.3/js/wix.min.js',
        null,
      ]);
      const defined = (config.plugins ?? []).map((p) => (p as { definitions?: Record<string, unknown> }).definitions).find(Boolean);
      expect(defined?.['process.env.WIX_SDK_URL']).toBe(JSON.stringify('https://static.parastorage.com/services/js-sdk/1.2.3/js/wix.min.js'));
      process.env.WIX_SDK_VERSION = '1.2.3"><script>';
      expect(() => makeConfig({}, { mode: 'production' })).toThrow(/WIX_SDK_VERSION/);
    } finally {
      if (saved === undefined) delete process.env.WIX_SDK_VERSION;
      else process.env.WIX_SDK_VERSION = saved;
    }
    // The stage plays the editor itself: its pages load no SDK.
    expect(sdkUrls(makeConfig({}, { mode: 'development' })).every((u) => u === null)).toBe(true);
  });

  test("cross-origin in a host that speaks the SDK protocol: the panel's save reaches the widget, which reloads", async () => {
    const browser = await launchBrowser({ viewport: { width: 1200, height: 800 } });
    const host = await startPlatformHost(out, browser.context);
    const errors: string[] = [];
    try {
      const page = await browser.context.newPage();
      page.setDefaultTimeout(20_000);
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(host.hostUrl);
      const calls = () =>
        page.evaluate(
          () => (window as unknown as { __calls: Array<{ from: string; origin: string; type: string; namespace: string; data: unknown }> }).__calls,
        );

      const panel = page.frameLocator('iframe[title="Settings panel"]');
      const table = panel.getByRole('table', { name: 'Files in My Drive' });
      // By keyboard: this headless Chromium does not deliver mouse clicks into out-of-process frames.
      const plan = table.getByRole('button', { name: /^Plan(,| |$)/ });
      await plan.focus();
      await plan.press('Enter');
      const widget = page.frameLocator('iframe[title="Widget"]');
      await widget.locator('iframe[title="Plan"]').waitFor();
      // The widget previews the change before the save: wait until the server has confirmed it.
      await panel.getByText('All changes saved').waitFor();

      const seen = await calls();
      // Both pages are on another origin than their host, and talk to it only through the protocol.
      expect(new Set(seen.map((c) => c.origin))).toEqual(new Set([host.pagesOrigin]));
      expect(new URL(host.hostUrl).origin).not.toBe(host.pagesOrigin);
      expect(
        seen
          .filter((c) => c.type === 'appIsAlive')
          .map((c) => c.from)
          .sort(),
      ).toEqual(['settings', 'widget']);
      const registered = seen.filter((c) => c.from === 'widget' && c.type === 'registerEventListener').map((c) => (c.data as { eventKey: string }).eventKey);
      expect(registered).toEqual(expect.arrayContaining(['SETTINGS_UPDATED', 'COMPONENT_DELETED']));
      const updates = seen.filter((c) => c.type === 'postMessage' && c.namespace === 'Settings');
      expect(updates.length).toBeGreaterThan(0);
      expect(updates[0]).toMatchObject({ from: 'settings', data: { compId: WIDGET_ID } });
      // The widget read its settings again after the update.
      expect(host.apiLog.filter((r) => r.method === 'POST' && r.path === '/api/save').map((r) => r.status)).toContain(200);
      expect(errors).toEqual([]);
    } finally {
      await host.close();
      await browser.close();
    }
  });
});
