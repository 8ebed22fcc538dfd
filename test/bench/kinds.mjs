/**
 * npm run bench, the other kinds as part of the page (docs/sheets.md, docs/pdfs.md): a spreadsheet
 * of 1,000 rows, the 100-page PDF and the 20-slide deck, each rendered by the server's own renderers
 * (kindsRender.ts, in a child process from the TypeScript source) into the visitor's widget page as
 * the server sends it, beside a plain-DOM page holding the same markup and the content's stylesheet:
 * - navigation → first contentful paint, at 1× and 4× CPU, page against its plain-DOM reference;
 * - the page's bytes: its HTML (gzip -9), our scripts it fetches (gzip -9), the images it fetches
 *   until the network is idle (at the bench's 1280 px viewport);
 * - the server's render time (a PDF's: poppler's drawing and text, then the pages' HTML).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstContentfulPaint, scriptsFetched, serveVisitorPages } from './visitor.mjs';

const KINDS = { sheet: 'spreadsheet, 1,000 rows', pdf: 'PDF, 100 pages', deck: 'deck, 20 slides' };
const kb = (bytes) => +(bytes / 1024).toFixed(1);

async function imagesFetched(context, url) {
  const page = await context.newPage();
  // Each image's body, read before the page closes (a read still running then would count nothing).
  const bodies = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/content/images/')) return;
    bodies.push(response.body().then((body) => body.length));
  });
  await page.route('https://static.parastorage.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const sizes = await Promise.all(bodies);
  await page.close();
  return { count: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

export async function benchKinds({ root, pagesDir, context, runs, median }) {
  const out = execFileSync(process.execPath, ['-r', './server/test/support/register-ts.js', 'test/bench/kindsRender.ts', pagesDir, String(Math.min(runs, 3))], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const rendered = JSON.parse(out.trim().split('\n').pop());
  const { server, url } = await serveVisitorPages(pagesDir);
  const results = { paint: {}, bytes: {}, render: {} };
  try {
    for (const [name, label] of Object.entries(KINDS)) {
      const page = `${url}/kind-${name}.html`;
      const plain = `${url}/kind-${name}-plain.html`;
      for (const throttle of [1, 4]) {
        const times = { page: [], plain: [] };
        for (let i = 0; i < runs; i += 1) {
          times.page.push(await firstContentfulPaint(context, page, throttle));
          times.plain.push(await firstContentfulPaint(context, plain, throttle));
        }
        const [ours, reference] = [median(times.page), median(times.plain)];
        results.paint[`${label}, ${throttle}x`] = { pageMs: ours, plainReferenceMs: reference, 'page/plain': +(ours / reference).toFixed(2) };
      }
      const html = readFileSync(path.join(pagesDir, `kind-${name}.html`));
      const scripts = await scriptsFetched(context, page, pagesDir);
      const images = await imagesFetched(context, page);
      results.bytes[label] = {
        htmlGzipKB: kb(gzipSync(html, { level: 9 }).length),
        scriptsGzipKB: kb(scripts.bytes),
        scripts: scripts.scripts.join(' '),
        imagesOnLoad: images.count,
        imagesKB: kb(images.bytes),
      };
      const figures = rendered[name];
      results.render[label] = {
        medianMs: median(figures.renderMs),
        runs: figures.renderMs.length,
        inputKB: kb(figures.inputBytes),
        pagesDrawn: figures.pages,
        storedImagesKB: kb(figures.imageBytes),
        renderedHtmlKB: kb(figures.renderedBytes),
      };
    }
  } finally {
    server.close();
  }
  return results;
}

export function printKinds(results) {
  console.log('\nOther kinds as part of the page: navigation → first contentful paint, ms, against a plain-DOM page with the same markup');
  console.table(results.paint);
  console.log('Their visitor pages: HTML and our scripts (gzip -9), images fetched until the network is idle (1280 px viewport)');
  console.table(results.bytes);
  console.log("The server's render time (poppler's pages and text, then the HTML; a sheet's tables), ms");
  console.table(results.render);
}
