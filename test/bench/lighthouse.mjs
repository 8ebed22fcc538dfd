/**
 * Lighthouse (npm `lighthouse`, its default mobile settings: simulated slow 4G and 4× CPU) on the
 * panel's production page with the stage's mock (the stage build's settings page, at the address
 * the stage frames it with, served compressed as a host serves it), beside a bare React + Redux + saga page that paints a table of text,
 * built and run in the same run. Goal: performance ≥ 95 and accessibility 100 on mobile.
 * Lighthouse drives Debian's Chromium through its DevTools port; it needs no network.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { buildReferencePages } from './setup.mjs';

const require = createRequire(import.meta.url);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));

/** The reference page, built in production mode like the product. */
async function buildReference() {
  const out = await buildReferencePages({ reactReduxText: 'reactReduxText.tsx' });
  writeFileSync(
    path.join(out, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title><script defer src="reactReduxText.js"></script></head><body><div id="root"></div></body></html>',
  );
  return out;
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json' };

/** Serves a folder as a production host does: text compressed (gzip), so Lighthouse sees the sizes a visitor downloads. */
function serveDir(dir) {
  const bodies = new Map();
  const server = createServer((req, res) => {
    const pathname = new URL(req.url, 'http://x').pathname;
    const file = path.join(dir, path.normalize(pathname === '/' ? '/index.html' : pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    if (!bodies.has(file)) bodies.set(file, gzipSync(readFileSync(file)));
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Content-Encoding': 'gzip' }).end(bodies.get(file));
  });
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve({ server, url: `http://localhost:${server.address().port}` })));
}

/** Chromium with a DevTools port for Lighthouse (its own profile, removed afterwards). */
async function launchWithPort() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dfw-bench-lh-chromium-'));
  const flags = require('../chromiumFlags.json');
  const child = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [...flags, '--remote-debugging-port=0', `--user-data-dir=${dir}`, 'about:blank'], {
    stdio: 'ignore',
    // Its own process group: closing ends Chromium's helper processes too.
    detached: true,
  });
  const portFile = path.join(dir, 'DevToolsActivePort');
  for (let i = 0; i < 300 && !existsSync(portFile); i++) await sleep(100);
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
      try {
        process.kill(-child.pid);
      } catch {
        child.kill();
      }
      await exited;
      // A helper process may still be writing into the profile: retried, and a folder left in the
      // system's temporary folder never ends the run (its figures are printed after this).
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`Lighthouse's Chromium profile ${dir} not removed: ${error.message}`);
      }
    },
  };
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** LIGHTHOUSE_SAVE: a folder where each run's report (JSON) is kept, to look into. */
function keepReport(lhr, name, run) {
  const dir = process.env.LIGHTHOUSE_SAVE;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}-${run + 1}.json`), JSON.stringify(lhr));
}

async function scores(port, url, median, name) {
  const performance = [];
  const accessibility = [];
  const metrics = Object.fromEntries(METRICS.map((m) => [m, []]));
  const failedAudits = new Set();
  const errors = [];
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    keepReport(lhr, name, i);
    // A run Lighthouse could not measure is reported beside the figures; it does not end the bench.
    if (lhr.runtimeError) {
      errors.push(lhr.runtimeError.code);
      continue;
    }
    performance.push(Math.round(lhr.categories.performance.score * 100));
    accessibility.push(Math.round(lhr.categories.accessibility.score * 100));
    for (const m of METRICS) metrics[m].push(lhr.audits[m].numericValue);
    for (const ref of lhr.categories.accessibility.auditRefs) if (lhr.audits[ref.id].score === 0) failedAudits.add(ref.id);
  }
  if (performance.length === 0) return { errors, failedAudits: [] };
  return {
    errors,
    performance: median(performance),
    performanceMin: Math.min(...performance),
    accessibility: median(accessibility),
    accessibilityMin: Math.min(...accessibility),
    failedAudits: [...failedAudits],
    ...Object.fromEntries(METRICS.map((m) => [m, median(metrics[m])])),
  };
}

/** `pagesDir`: the stage build (with the mock); the panel page is opened at the address the stage frames it with. */
export async function benchLighthouse({ context, pagesDir, median }) {
  const refDir = await buildReference();
  const ref = await serveDir(refDir);
  const pages = await serveDir(pagesDir);
  const chromium = await launchWithPort();
  try {
    return {
      runs: RUNS,
      panel: await scores(chromium.port, await panelAddress(context, pages.url), median, 'panel'),
      reference: await scores(chromium.port, ref.url + '/index.html', median, 'reference'),
      goal: { performance: 95, accessibility: 100 },
    };
  } finally {
    await chromium.close();
    ref.server.close();
    pages.server.close();
    rmSync(refDir, { recursive: true, force: true });
  }
}

/** The address the stage gives its settings panel frame. */
async function panelAddress(context, stageUrl) {
  const page = await context.newPage();
  await page.goto(stageUrl + '/');
  const src = await page.locator('iframe[title="Settings panel"]').getAttribute('src');
  await page.close();
  return new URL(src, stageUrl + '/').href;
}

const row = (r) => (r.performance === undefined ? { failing: `no run measured: ${r.errors.join(' ')}` } : measuredRow(r));

const measuredRow = (r) => ({
  performance: r.performance,
  min: r.performanceMin,
  accessibility: r.accessibility,
  'FCP ms': Math.round(r['first-contentful-paint']),
  'LCP ms': Math.round(r['largest-contentful-paint']),
  'TBT ms': Math.round(r['total-blocking-time']),
  CLS: +r['cumulative-layout-shift'].toFixed(3),
  failing: [...r.failedAudits, ...r.errors.map((e) => `run failed: ${e}`)].join(' '),
});

export function printLighthouse(results) {
  console.log(`\nLighthouse, mobile (median of ${results.runs}; goal: performance ≥ 95, accessibility 100)`);
  console.table({ 'panel page (stage build, mock drive)': row(results.panel), 'bare React + Redux + saga page (ref)': row(results.reference) });
}

const VISITOR_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Lighthouse mobile on the visitor's widget page (visitor.mjs): every category, medians over
 * LIGHTHOUSE_RUNS runs, with the audits that failed. `serve(dir, {localSdk: true})` serves the pages
 * compressed, the platform's SDK named at our host (Lighthouse's Chromium has no network).
 */
export async function visitorLighthouse({ pagesDir, page, serve, median }) {
  const pages = await serve(pagesDir, { localSdk: true });
  const chromium = await launchWithPort();
  const scoresOf = Object.fromEntries(VISITOR_CATEGORIES.map((c) => [c, []]));
  const metrics = Object.fromEntries(METRICS.map((m) => [m, []]));
  const failing = new Set();
  const errors = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${pages.url}/${page}`, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: VISITOR_CATEGORIES });
      keepReport(lhr, 'visitor', i);
      if (lhr.runtimeError) {
        errors.push(lhr.runtimeError.code);
        continue;
      }
      for (const c of VISITOR_CATEGORIES) scoresOf[c].push(Math.round(lhr.categories[c].score * 100));
      for (const m of METRICS) metrics[m].push(lhr.audits[m].numericValue);
      for (const c of VISITOR_CATEGORIES)
        for (const ref of lhr.categories[c].auditRefs)
          if (ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1) failing.add(ref.id);
    }
  } finally {
    await chromium.close();
    pages.server.close();
  }
  const measured = scoresOf.performance.length > 0;
  const row = measured
    ? {
        ...Object.fromEntries(VISITOR_CATEGORIES.map((c) => [c, median(scoresOf[c])])),
        'FCP ms': Math.round(median(metrics['first-contentful-paint'])),
        'LCP ms': Math.round(median(metrics['largest-contentful-paint'])),
        'TBT ms': Math.round(median(metrics['total-blocking-time'])),
        below1: [...failing, ...errors.map((e) => `run failed: ${e}`)].join(' '),
      }
    : { failing: `no run measured: ${errors.join(' ')}` };
  return { runs: RUNS, rows: { "visitor's widget page, native document": row }, goal: 100 };
}
