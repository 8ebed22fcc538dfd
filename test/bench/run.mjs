/**
 * npm run bench: sizes and speed, measured.
 * 1. Production build: each page's scripts, raw and gzip -9.
 * 2. In Chromium, against a production build with the Mirage drive (served locally):
 *    - navigation → the panel's files table listed (median of runs, also under 4× CPU throttle);
 *    - the 5,000-file folder: first page, every page loaded by scrolling, rows in the DOM;
 *    - sorting 5,000 rows: click → the header's aria-sort changed.
 * 3. The server (server.mjs): the server-rendered widget page against a plain-DOM reference,
 *    and a bounded load run of the widget page and the save route.
 * Results print as a table and are written to test-results/bench.json.
 */
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { chromium } from 'playwright-core';
import { benchServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const makeConfig = require(path.join(root, 'webpack.config.js'));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function build(env) {
  const out = mkdtempSync(path.join(tmpdir(), 'dfw-bench-'));
  const config = makeConfig({ ...env, outDir: out }, { mode: 'production' });
  return new Promise((resolve, reject) =>
    webpack({ ...config, context: root }, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(out);
    }),
  );
}

function pageSizes(dir) {
  const sizes = {};
  for (const html of ['settings.html', 'widget.html']) {
    const text = readFileSync(path.join(dir, html), 'utf8');
    const scripts = [...text.matchAll(/src="?([^" >]+\.js)/g)].map((m) => m[1]);
    let raw = 0;
    let gzip = 0;
    for (const s of scripts) {
      const buf = readFileSync(path.join(dir, s));
      raw += buf.length;
      gzip += gzipSync(buf, { level: 9 }).length;
    }
    sizes[html] = { scripts: scripts.length, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1) };
  }
  return sizes;
}

function serve(dir) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.map': 'application/json' };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = url.pathname === '/' ? '/index.html' : url.pathname;
    if (file.startsWith('/api/authenticate')) file = '/mock-authenticate.html';
    try {
      const body = readFileSync(path.join(dir, path.normalize(file).replace(/^(\.\.[/\\])+/, '')));
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve({ server, url: `http://localhost:${server.address().port}` })));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +(s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2).toFixed(0) : null;
};

async function launch() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dfw-bench-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function timeToListed(context, url, throttle) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const started = Date.now();
  await page.goto(url + '/');
  await page
    .frameLocator('iframe[title="Settings panel"]')
    .getByRole('table', { name: 'Files in My Drive' })
    .locator('tbody tr:not([aria-hidden])')
    .first()
    .waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  await page.close();
  return ms;
}

async function bigFolder(context, url) {
  const page = await context.newPage();
  await page.goto(url + '/');
  const panel = page.frameLocator('iframe[title="Settings panel"]');
  await panel
    .getByRole('table', { name: 'Files in My Drive' })
    .getByRole('button', { name: /^Archive(,| |$)/ })
    .first()
    .click();
  let t = Date.now();
  const table = panel.getByRole('table', { name: 'Files in Archive' });
  await table.locator('tbody tr:not([aria-hidden])').first().waitFor({ timeout: 60_000 });
  const firstPageMs = Date.now() - t;

  t = Date.now();
  await table.getByRole('button', { name: /^Archive 0001/ }).focus();
  let pages = 1;
  for (; pages < 200; pages++) {
    if (await panel.getByText(/^\d+ items$/).isVisible()) break;
    await page.keyboard.press('End');
    await page.waitForTimeout(30);
  }
  const count = await panel.getByText(/^\d+ items$/).innerText();
  const allPagesMs = Date.now() - t;
  const domRows = await table.locator('tbody tr').count();
  const domElements = await page
    .frames()
    .find((f) => f.url().includes('settings.html'))
    .evaluate(() => document.querySelectorAll('*').length);

  const sorts = [];
  for (let i = 0; i < RUNS; i++) {
    const header = table.getByRole('columnheader', { name: 'Name' });
    const before = await header.getAttribute('aria-sort');
    t = Date.now();
    await table.getByRole('button', { name: 'Name' }).click();
    await page.waitForFunction(
      ([b]) => {
        const f = document.querySelector('iframe[title="Settings panel"]').contentDocument;
        const th = [...f.querySelectorAll('th')].find((x) => x.textContent.startsWith('Name'));
        return th && th.getAttribute('aria-sort') !== b;
      },
      [before],
    );
    sorts.push(Date.now() - t);
  }
  await page.close();
  return { firstPageMs, allPagesMs, items: Number(count.split(' ')[0]), domRows, domElements, sortMedianMs: median(sorts) };
}

const results = { date: new Date().toISOString(), runs: RUNS };
const dist = await build({});
results.bundles = pageSizes(dist);
const serverBrowser = await launch();
try {
  results.server = await benchServer({ root, pagesDir: dist, context: serverBrowser.context, runs: RUNS, median });
} finally {
  await serverBrowser.close();
  rmSync(dist, { recursive: true, force: true });
}

const stageDir = await build({ mock: 'true' });
const { server, url } = await serve(stageDir);
const browser = await launch();
try {
  const plain = [];
  const slow = [];
  for (let i = 0; i < RUNS; i++) plain.push(await timeToListed(browser.context, url, 1));
  for (let i = 0; i < RUNS; i++) slow.push(await timeToListed(browser.context, url, 4));
  results.stageToListedMs = { median1x: median(plain), median4x: median(slow) };
  results.archive5000 = await bigFolder(browser.context, url);
} finally {
  await browser.close();
  server.close();
  rmSync(stageDir, { recursive: true, force: true });
}

console.log('\nBundles (production, scripts of each page)');
console.table(results.bundles);
console.log('Stage: navigation → panel lists My Drive (ms)');
console.table(results.stageToListedMs);
console.log('The 5,000-file folder');
console.table(results.archive5000);
console.log('Server: navigation → file iframe in the DOM (ms, median), server-rendered widget page vs plain-DOM reference');
console.table(results.server.widgetNavigationToIframe);
console.log('Server: loopback load run, 10 s × 10 connections each');
console.table(results.server.load);
console.log('Machine', results.server.machine);
mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results/bench.json'), JSON.stringify(results, null, 2));
console.log('Written to test-results/bench.json');
