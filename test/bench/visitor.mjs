/* global PerformanceObserver -- page functions run in Chromium */
/**
 * npm run bench, the visitor's pages (what the most numerous users download and wait for), each
 * beside its reference in the same run, from the production build and the pages nativeRender.ts
 * writes as the server sends them to a visitor:
 * - our scripts a visitor's browser fetches (gzip -9), counted from the network as each page loads
 *   (the platform's SDK is the platform's: the faithful fake stands in for it, uncounted): the
 *   legacy widget page (a file in the viewer; the 27 KB document as part of the page), a page
 *   holding the custom element (the same two), against the bare React page. Goal: the legacy
 *   page's ≤ 0.18 × bare React.
 * - navigation → first contentful paint of the native document, at 1× and 4× CPU: the legacy page
 *   (in its first HTML), a page holding the element (which fetches the rendering from our server
 *   after its script runs: that round trip counts), against the plain-DOM page holding the same
 *   markup. Goals at 4×: legacy ≤ 1.05 × plain DOM; element ≤ 1.3 × legacy. Each is measured twice:
 *   in a new tab, whose renderer process starts with the navigation (a cost common to all the
 *   pages, and the noisiest part of the figure), and in a renderer already running, as Chrome keeps
 *   a spare one for a visitor's next navigation (caches off: nothing is reused between visits).
 *   Beside the element, its floor (elementFloor.ts): a few lines that fetch the same rendering,
 *   sanitize it in the browser and show it in the same frame, the least any element must do.
 * - Lighthouse mobile (lighthouse.mjs) on the legacy visitor's page with the document. Goal: 100 in
 *   performance, accessibility, best practices and SEO.
 */
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { visitorLighthouse } from './lighthouse.mjs';
import { launch, ratioInterval } from './setup.mjs';

const FAKE_SDK = readFileSync(path.join(import.meta.dirname, '../helpers/fakeWixSdk.js'), 'utf8');
/** The platform's SDK, as the built pages name it. */
const SDK_URL = /https:\/\/static\.parastorage\.com\/[^" >]+/;
/** A 1×1 PNG: the document's images, as our image route would answer them. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json' };

export const VISITOR_PAGES = {
  'legacy page, viewer': 'visitor-viewer.html',
  'legacy page, native document': 'native-bench.html',
  'element page, viewer': 'element-bench.html',
  'element page, native document': 'element-native-bench.html',
};

/**
 * Serves the pages folder as our server does for a visitor, compressed: the element's request for
 * its rendering (/content/current) answered with the stored rendering, the document's images with
 * a PNG (the page's own, for the pages kindsRender.ts drew). `localSdk`: the pages and their scripts name the SDK stand-in at /wix-sdk.js (Lighthouse has no network).
 */
export function serveVisitorPages(dir, { localSdk = false } = {}) {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url, 'http://x').pathname;
    const send = (type, body) => res.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip', 'Cache-Control': 'no-cache' }).end(gzipSync(body));
    if (pathname === '/content/current') return send(TYPES['.json'], readFileSync(path.join(dir, 'element-content.json')));
    if (pathname.startsWith('/content/images/')) {
      // A page's image the bench rendered (kindsRender.ts), else a 1×1 PNG.
      const image = path.join(dir, 'images', path.basename(pathname));
      return res.writeHead(200, { 'Content-Type': 'image/png' }).end(existsSync(image) ? readFileSync(image) : PNG);
    }
    if (pathname === '/wix-sdk.js') return send(TYPES['.js'], FAKE_SDK);
    const file = path.join(dir, path.basename(pathname));
    if (!existsSync(file)) return res.writeHead(404).end();
    let body = readFileSync(file);
    // The visitor's page names no SDK: its script does (src/widget/visitor/main.ts).
    if (localSdk && /\.(html|js)$/.test(file)) body = Buffer.from(String(body).replace(SDK_URL, '/wix-sdk.js'));
    send(TYPES[path.extname(file)] ?? 'application/octet-stream', body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

/** Our scripts the page fetches until the network is idle, by name, and their sum (gzip -9 of the built files). */
export async function scriptsFetched(context, url, dir) {
  const page = await context.newPage();
  await page.route('https://static.parastorage.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  await page.route(/^https?:\/\/(drive|docs)\.google\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
  const names = new Set();
  page.on('response', (response) => {
    const at = new URL(response.url());
    if (at.origin === new URL(url).origin && at.pathname.endsWith('.js')) names.add(path.basename(at.pathname));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.close();
  const bytes = [...names].reduce((sum, name) => sum + gzipSync(readFileSync(path.join(dir, name)), { level: 9 }).length, 0);
  return { scripts: [...names].sort(), bytes };
}

/** In the page: when its first contentful paint came, ms from navigation. */
const paintTime = () =>
  new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
      if (entry) resolve(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
  });

async function throttled(context, page, throttle) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.route('https://static.parastorage.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  return cdp;
}

/** Navigation → first contentful paint in a new tab: its renderer process starts with the navigation. */
export async function firstContentfulPaint(context, url, throttle) {
  const page = await context.newPage();
  await throttled(context, page, throttle);
  await page.goto(url);
  const fcp = await page.evaluate(paintTime);
  await page.close();
  return fcp;
}

/**
 * A tab whose renderer is already running, as Chrome keeps a spare one ready for a visitor's next
 * navigation, with the HTTP cache off. Its browser must have V8's compile cache off too
 * (RUNNING_RENDERER_FLAGS): nothing one visit compiled is reused by the next. `paintOf(url)` visits
 * a page from `about:blank`; `close` closes the tab once its runs are taken.
 */
async function runningRenderer(context, throttle) {
  const tab = await context.newPage();
  const cdp = await throttled(context, tab, throttle);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const paintOf = async (url) => {
    await tab.goto('about:blank');
    await tab.goto(url);
    return tab.evaluate(paintTime);
  };
  return { paintOf, close: () => tab.close() };
}

const RUNNING_RENDERER_FLAGS = ['--js-flags=--no-compilation-cache'];

/** The four pages' first contentful paints, `runs` times each, interleaved (after `warmUp` rounds left out). */
async function paints(paintOf, url, runs, warmUp = 0) {
  const times = { legacy: [], element: [], floor: [], plain: [] };
  for (let i = -warmUp; i < runs; i += 1) {
    const round = {
      legacy: await paintOf(`${url}/native-bench.html`),
      element: await paintOf(`${url}/element-native-bench.html`),
      floor: await paintOf(`${url}/element-floor.html`),
      plain: await paintOf(`${url}/native-plain.html`),
    };
    if (i >= 0) for (const page of Object.keys(times)) times[page].push(round[page]);
  }
  return times;
}

function paintRow(times, median) {
  const [legacy, element, floor, plain] = [median(times.legacy), median(times.element), median(times.floor), median(times.plain)];
  return {
    legacy,
    element,
    elementFloor: floor,
    plainReference: plain,
    'legacy/plain': +(legacy / plain).toFixed(2),
    'legacy/plain 90%': ratioInterval(times.legacy, times.plain),
    'element/legacy': +(element / legacy).toFixed(2),
    'element/legacy 90%': ratioInterval(times.element, times.legacy),
    'floor/legacy': +(floor / legacy).toFixed(2),
    'floor/legacy 90%': ratioInterval(times.floor, times.legacy),
  };
}

const kb = (bytes) => +(bytes / 1024).toFixed(1);

/** `reactGzipBytes`: the bare React page's script, built in this run (firstScripts.mjs). */
export async function benchVisitor({ pagesDir, context, runs, median, reactGzipBytes }) {
  const { server, url } = await serveVisitorPages(pagesDir);
  const results = { scriptsGzip: {}, firstContentfulPaintMs: {} };
  try {
    for (const [name, file] of Object.entries(VISITOR_PAGES)) {
      const { scripts, bytes } = await scriptsFetched(context, `${url}/${file}`, pagesDir);
      results.scriptsGzip[name] = { gzipKB: kb(bytes), toReact: +(bytes / reactGzipBytes).toFixed(3), scripts: scripts.join(' ') };
    }
    results.scriptsGzip['bare React page (ref)'] = { gzipKB: kb(reactGzipBytes), toReact: 1, scripts: 'react.js' };
    for (const throttle of [1, 4]) {
      const times = await paints((page) => firstContentfulPaint(context, page, throttle), url, runs);
      results.firstContentfulPaintMs[`${throttle}x, new tab`] = paintRow(times, median);
    }
    const running = await launch({ args: RUNNING_RENDERER_FLAGS });
    try {
      for (const throttle of [1, 4]) {
        const tab = await runningRenderer(running.context, throttle);
        const times = await paints(tab.paintOf, url, runs, 1);
        await tab.close();
        results.firstContentfulPaintMs[`${throttle}x, running renderer`] = paintRow(times, median);
      }
    } finally {
      await running.close();
    }
  } finally {
    server.close();
  }
  results.lighthouse = await visitorLighthouse({ pagesDir, page: VISITOR_PAGES['legacy page, native document'], serve: serveVisitorPages, median });
  return results;
}

export function printVisitor(results) {
  console.log("\nThe visitor's pages: our scripts fetched, gzip -9 (goal: legacy page ≤ 0.18 × bare React)");
  console.table(results.scriptsGzip);
  console.log(
    'Navigation → first contentful paint of the native document, ms, in a new tab and in a renderer already running (goals at 4×: legacy/plain ≤ 1.05, element/legacy ≤ 1.3; each ratio with its 90% interval over the runs)',
  );
  console.table(results.firstContentfulPaintMs);
  console.log(`Lighthouse mobile on the visitor's widget page with the document (median of ${results.lighthouse.runs}; goal 100 in each)`);
  console.table(results.lighthouse.rows);
}
