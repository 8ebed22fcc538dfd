/* global PerformanceObserver -- page functions run in Chromium */
/**
 * npm run bench, native content (issue 20, point 8): the widget page showing the 27 KB reference
 * document natively (as the server renders it, with the production pages) against a plain-DOM
 * reference page holding the same markup: navigation → first contentful paint at 1× and 4× CPU,
 * each page's bytes (HTML, and its scripts gzip -9), and the server's render time for that
 * document and for a 1 MB export (nativeRender.ts, in a child process from the TypeScript source).
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';

function serve(dir) {
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    try {
      const body = readFileSync(path.join(dir, path.basename(name)));
      res.writeHead(200, { 'Content-Type': name.endsWith('.js') ? 'application/javascript' : 'text/html; charset=utf-8' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

async function firstContentfulPaint(context, url, throttle) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.route('https://static.parastorage.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }));
  await page.goto(url);
  const fcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await page.close();
  return fcp;
}

const gzipOfScripts = (dir, html) =>
  [...html.matchAll(/src="?([^" >]+\.js)/g)]
    .map((m) => m[1])
    .filter((src) => !/^https?:/.test(src))
    .reduce((sum, src) => sum + gzipSync(readFileSync(path.join(dir, src)), { level: 9 }).length, 0);

export async function benchNative({ root, pagesDir, context, runs, median }) {
  const out = execFileSync(process.execPath, ['-r', './server/test/support/register-ts.js', 'test/bench/nativeRender.ts', pagesDir, String(runs)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const rendered = JSON.parse(out.trim().split('\n').pop());
  const { server, url } = await serve(pagesDir);
  const results = { renderMs: {}, pageBytes: {}, firstContentfulPaintMs: {} };
  try {
    for (const [name, times] of Object.entries(rendered.renderMs))
      results.renderMs[`${name} (${Math.round(rendered.exportBytes[name] / 1024)} KB)`] = {
        median: median(times),
        min: Math.min(...times),
        max: Math.max(...times),
      };
    for (const page of ['native-bench.html', 'native-plain.html']) {
      const html = readFileSync(path.join(pagesDir, page), 'utf8');
      results.pageBytes[page] = {
        htmlKB: +(Buffer.byteLength(html) / 1024).toFixed(1),
        htmlGzipKB: +(gzipSync(html, { level: 9 }).length / 1024).toFixed(1),
        scriptsGzipKB: +(gzipOfScripts(pagesDir, html) / 1024).toFixed(1),
      };
    }
    for (const throttle of [1, 4]) {
      const times = { native: [], plain: [] };
      for (let i = 0; i < runs; i += 1) {
        times.native.push(await firstContentfulPaint(context, `${url}/native-bench.html`, throttle));
        times.plain.push(await firstContentfulPaint(context, `${url}/native-plain.html`, throttle));
      }
      results.firstContentfulPaintMs[`${throttle}x`] = {
        native: median(times.native),
        plainReference: median(times.plain),
        ratio: +(median(times.native) / median(times.plain)).toFixed(2),
      };
    }
  } finally {
    server.close();
  }
  return results;
}

export function printNative(results) {
  console.log('\nNative content: the 27 KB reference document shown as part of the page');
  console.table(results.firstContentfulPaintMs);
  console.table(results.pageBytes);
  console.log("Server's render time (parse, convert, sanitize), ms");
  console.table(results.renderMs);
}
