/* global performance, MutationObserver, Element */
/**
 * The custom element (issue 19): its script's size, gzip -9, against the bare React page, and
 * navigation → the file's iframe in the DOM for a page holding the element (its attributes in the
 * HTML, as the platform renders a site page) against the plain-DOM reference page, at 1× and 4×
 * CPU, both measured here in the same run. Goal: within 1.2× of the plain-DOM page.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ELEMENT_SCRIPT = /^element\.[0-9a-f]{8,}\.js$/;
const FILE = JSON.stringify({ id: 'bench-file', title: 'Plan', mimeType: 'application/pdf', perm: 'reader' });
const PAGE = 'element-bench.html';

/** Installed before any script: marks when the first iframe enters the DOM, shadow roots included. */
const MARK_IFRAME_ANYWHERE = () => {
  const roots = [document];
  const mark = () => {
    if (performance.getEntriesByName('iframe-in-dom').length > 0) return;
    if (roots.some((root) => root.querySelector('iframe'))) performance.mark('iframe-in-dom');
  };
  const observe = (root) => new MutationObserver(mark).observe(root, { childList: true, subtree: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    roots.push(root);
    observe(root);
    return root;
  };
  observe(document);
};

/** Writes the page holding the element beside the built script; returns the script's name. */
export function writeElementPage(dist) {
  const script = readdirSync(dist).find((file) => ELEMENT_SCRIPT.test(file));
  if (!script) throw new Error(`No element script in ${dist}.`);
  writeFileSync(
    path.join(dist, PAGE),
    `<!doctype html><html><head><meta charset="utf-8"><title>element</title><script type="module" src="${script}"></script></head>` +
      `<body style="margin:0"><drive-file-widget style="display:block;height:600px" view-mode="site" locale="en" file='${FILE}'></drive-file-widget></body></html>`,
  );
  return script;
}

async function timeToIframe(context, url, throttle) {
  const page = await context.newPage();
  await page.route(/^https?:\/\/(drive|docs)\.google\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
  await page.addInitScript(MARK_IFRAME_ANYWHERE);
  if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(url);
  const ms = await page.waitForFunction(() => performance.getEntriesByName('iframe-in-dom')[0]?.startTime, null, { timeout: 60_000 });
  const value = await ms.jsonValue();
  await page.close();
  return value;
}

/**
 * @param {{ dist: string, distUrl: string, plainUrl: string, reactGzipKB: number, context: import('playwright-core').BrowserContext, runs: number, median: (xs: number[]) => number }} o
 */
export async function benchElement(o) {
  const script = writeElementPage(o.dist);
  const gzipKB = +(gzipSync(readFileSync(path.join(o.dist, script)), { level: 9 }).length / 1024).toFixed(1);
  const result = { script: { gzipKB, toReact: +(gzipKB / o.reactGzipKB).toFixed(3) }, toIframeMs: {} };
  for (const throttle of [1, 4]) {
    for (const [name, url] of [
      ['element', `${o.distUrl}/${PAGE}`],
      ['plain', o.plainUrl],
    ]) {
      const xs = [];
      for (let i = 0; i < o.runs; i++) xs.push(await timeToIframe(o.context, url, throttle));
      result.toIframeMs[`${name} ${throttle}x`] = { runs: xs.length, median: o.median(xs), min: +Math.min(...xs).toFixed(1), max: +Math.max(...xs).toFixed(1) };
    }
    const m = (n) => result.toIframeMs[`${n} ${throttle}x`].median;
    result.toIframeMs[`element/plain ${throttle}x`] = { ratio: +(m('element') / m('plain')).toFixed(2) };
  }
  return result;
}

export function printElement(result) {
  console.log(`\nThe custom element: script ${result.script.gzipKB} KB gzip, ${result.script.toReact} × the bare React page`);
  console.log('Navigation → file iframe in the DOM, ms: a page holding the element vs the plain-DOM page (goal ≤ 1.2×)');
  console.table(result.toIframeMs);
}
