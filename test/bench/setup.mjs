/**
 * What every part of the benchmark starts from: a build of the pages exactly as the product's
 * configuration makes it (production mode, into a scratch folder) and Debian's Chromium with the
 * flags this machine needs.
 */
import { Buffer } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { chromium } from 'playwright-core';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const makeConfig = require(path.join(root, 'webpack.config.js'));

/**
 * Builds reference pages (`test/bench/reference/<file>`, keyed by the bundle's name) in production
 * mode, as the product is built; resolves with the scratch folder holding `<name>.js`.
 */
export function buildReferencePages(entries) {
  const out = mkdtempSync(path.join(tmpdir(), 'dfw-bench-ref-'));
  const entry = Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, 'test/bench/reference', file)]));
  const config = {
    mode: 'production',
    context: root,
    entry,
    output: { path: out, filename: '[name].js' },
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { '#client': path.join(root, 'src') } },
    module: {
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true } } },
        // The slider reference drives Mirage, which imports the fake drive's exports as text (as webpack.config.js does).
        { resourceQuery: /^\?raw$/, type: 'asset/source' },
      ],
    },
    plugins: [new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
    performance: { hints: false },
  };
  return new Promise((resolve, reject) =>
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(out);
    }),
  );
}

/** Builds the pages with webpack.config.js and `env` (production mode); resolves with the folder. */
export function build(env) {
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

/** `args`: Chromium flags beyond the machine's own (chromiumFlags.json). */
export async function launch({ args = [] } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dfw-bench-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 1000 },
    args: [...require('../chromiumFlags.json'), ...args],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +(s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2).toFixed(1) : null;
};

/** The settings a server embeds in the widget page: a chosen, public file. */
const EMBEDDED = `<script type="application/json" id="user-model">${JSON.stringify({ activeFileId: 'bench-file', activeFileTitle: 'Plan', activeFileMimeType: 'application/pdf', activeFilePerm: 'reader', revision: 1 })}</script>`;

/**
 * Serves built pages (the stage's at `/`, the mock's authenticate and Picker pages at /api/authenticate
 * and /api/picker);
 * `widget.html?embed` comes with the settings embedded, as the server sends it.
 */
export function servePages(dir) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.map': 'application/json' };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = url.pathname === '/' ? '/index.html' : url.pathname;
    if (file.startsWith('/api/authenticate')) file = '/mock-authenticate.html';
    if (file === '/api/picker') file = '/mock-picker.html';
    try {
      let body = readFileSync(path.join(dir, path.normalize(file).replace(/^(\.\.[/\\])+/, '')));
      if (file === '/widget.html' && url.searchParams.has('embed')) body = Buffer.from(String(body).replace(/<div id="?root"?>/, (div) => EMBEDDED + div));
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve({ server, url: `http://localhost:${server.address().port}` })));
}

/** Median with its spread (min–max) over the runs. */
export const summary = (xs) => ({ runs: xs.length, median: median(xs), min: +Math.min(...xs).toFixed(1), max: +Math.max(...xs).toFixed(1) });

/**
 * How sure a ratio of medians is: its 90% interval, from 2,000 resamplings of the runs (the same
 * runs drawn for both, as they were taken side by side), with a fixed seed, so the same runs give
 * the same interval. A goal is shown when the whole interval is within it.
 */
export function ratioInterval(numerators, denominators) {
  let seed = 1;
  const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
  const n = Math.min(numerators.length, denominators.length);
  const ratios = [];
  for (let k = 0; k < 2000; k += 1) {
    const picks = Array.from({ length: n }, () => Math.floor(random() * n));
    ratios.push(median(picks.map((i) => numerators[i])) / median(picks.map((i) => denominators[i])));
  }
  ratios.sort((a, b) => a - b);
  return `${ratios[100].toFixed(2)}–${ratios[1899].toFixed(2)}`;
}
