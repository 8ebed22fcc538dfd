/* global window, performance */
/**
 * npm run bench: sizes and speed, each against reference pages built and measured in the same run.
 * 1. Production build and three reference pages (plain DOM, bare React, React + Redux + saga), each
 *    rendering one iframe: initial JS of each page, gzip -9; the widget's ratio to bare React;
 *    each language chunk (languageChunks.mjs), fetched only for the language in use.
 * 2. In Chromium, navigation → the file's iframe in the DOM, timed inside the page (a performance
 *    mark set by a MutationObserver installed before any script): the widget page (served with its
 *    settings embedded, as the server does) and the reference pages; medians with min–max.
 * 3. The 5,000-file folder (stage build with the Mirage drive): sorting by a header click, timed in
 *    the page (click → aria-sort changed), against sorting a shuffled copy of the same titles with
 *    one Intl.Collator in the same frame.
 * 4. A slider drag (100 values, one per frame) against the real store and sagas: saves sent.
 * 5. The server (server.mjs): the server-rendered widget page against a plain-DOM reference (1×,
 *    4× CPU), and a bounded loopback load run of the widget page and the save route.
 * 6. The fleet (fleet.mjs): the widget page and the save route on PostgreSQL, one instance and two,
 *    against a Fastify hello-world route in the same run.
 * 7. The files table (filesTable.mjs): pages while scrolling the 5,009-row folder, and sorting by
 *    every column both ways against a bare localeCompare sort; Lighthouse on the panel's page
 *    (lighthouse.mjs, LIGHTHOUSE_RUNS, default 5) beside a bare React + Redux + saga page.
 * 8. The visitor's pages (visitor.mjs): the scripts a visitor fetches, legacy page and element,
 *    against bare React; navigation → FCP of the native document, legacy page and element page,
 *    against the plain-DOM page (1×, 4× CPU); Lighthouse mobile on the visitor's widget page.
 * 9. Other kinds as part of the page (kinds.mjs): a 1,000-row spreadsheet, the 100-page PDF and the
 *    20-slide deck against plain-DOM pages with the same markup (FCP at 1×, 4× CPU), their bytes,
 *    and the server's render time.
 * Runs: BENCH_RUNS (at least 10; the server's navigations at least 30, see server.mjs). Printed as
 * tables, written to test-results/bench.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { languageChunks } from './languageChunks.mjs';
import { benchServer } from './server.mjs';
import { benchElement, printElement } from './element.mjs';
import { benchFleet, printFleet } from './fleet.mjs';
import { build, launch, median, root, servePages, summary } from './setup.mjs';
import { benchNative, printNative } from './native.mjs';
import { benchVisitor, printVisitor } from './visitor.mjs';
import { benchKinds, printKinds } from './kinds.mjs';
import { MARK_IFRAME, clickSortInPage, markListedInPage, sortShuffledCopyInPage } from './inPage.mjs';
import { benchFilesTable, printFilesTable } from './filesTable.mjs';
import { benchLighthouse, printLighthouse } from './lighthouse.mjs';
import { buildReferences, firstScripts, printFirstScripts } from './firstScripts.mjs';

const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 10));

async function timeToIframe(context, url, throttle) {
  const page = await context.newPage();
  await page.route(/^https?:\/\/(drive|docs)\.google\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
  // Opened on its own (not framed by an editor), the page gets no platform SDK.
  await page.route(/^https:\/\/static\.parastorage\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.addInitScript(MARK_IFRAME);
  if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(url);
  const ms = await page.waitForFunction(() => performance.getEntriesByName('iframe-in-dom')[0]?.startTime, null, { timeout: 60_000 });
  const value = await ms.jsonValue();
  await page.close();
  return value;
}

/** Navigation → the panel's first row listed, timed in the page: the row's frame marks the moment. */
async function timeToListed(context, url, throttle) {
  const page = await context.newPage();
  await page.addInitScript(markListedInPage);
  if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(url + '/');
  const panel = page.frames().find((f) => f.url().includes('settings.html')) ?? (await page.waitForEvent('frameattached'));
  await page.frameLocator('iframe[title="Settings panel"]').locator('table tbody tr:not([aria-hidden])').first().waitFor({ timeout: 60_000 });
  const frame = page.frames().find((f) => f.url().includes('settings.html')) ?? panel;
  const listedAt = await frame.evaluate(() => globalThis.__listedAt);
  const navigationStart = await page.evaluate(() => performance.timeOrigin);
  await page.close();
  return listedAt - navigationStart;
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
    if (await panel.getByText(/^[\d,]+ items?$/).isVisible()) break;
    await page.keyboard.press('End');
    await page.waitForTimeout(30);
  }
  const count = await panel.getByText(/^[\d,]+ items?$/).innerText();
  const allPagesMs = Date.now() - t;
  const domRows = await table.locator('tbody tr').count();
  const domElements = await page
    .frames()
    .find((f) => f.url().includes('settings.html'))
    .evaluate(() => document.querySelectorAll('*').length);

  const frame = page.frames().find((f) => f.url().includes('settings.html'));
  // Click → aria-sort changed, timed in the panel's frame.
  const sorts = [];
  for (let i = 0; i < RUNS; i++) {
    const ms = await frame.evaluate(clickSortInPage);
    sorts.push(ms);
  }
  // The same 5,000 titles, shuffled, sorted with one collator in the same frame.
  const shuffledSorts = await frame.evaluate(sortShuffledCopyInPage, RUNS);
  await page.close();
  const sort = summary(sorts);
  const reference = summary(shuffledSorts.times);
  return {
    load: { firstPageMs, allPagesMs, items: Number(count.split(' ')[0].replace(/,/g, '')), domRows, domElements },
    sort: { headerClickMs: sort, shuffledCopySortMs: { ...reference, titles: shuffledSorts.count }, ratio: +(sort.median / reference.median).toFixed(2) },
  };
}

async function sliderDrag(context, url) {
  const page = await context.newPage();
  await page.goto(url + '/sliderDrag.html');
  const result = await page.waitForFunction(() => window.__sliderDrag, null, { timeout: 60_000 });
  const value = await result.jsonValue();
  await page.close();
  return value;
}

const results = { date: new Date().toISOString(), runs: RUNS, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version } };
const [dist, refs] = [await build({}), await buildReferences()];
const sizes = firstScripts(dist, refs);
results.bundles = sizes.bundles;
results.languageChunks = languageChunks(dist);
const refSizes = sizes.referenceGzipKB;
results.referenceGzipKB = refSizes;
results.widgetInitialJsRatio = sizes.ratios;

const browser = await launch();
const servers = [];
try {
  // Navigation → the file's iframe in the DOM: the widget (settings embedded) and the reference pages.
  const distServer = await servePages(dist);
  const refServer = await servePages(refs);
  servers.push(distServer.server, refServer.server);
  const pages = {
    widget: distServer.url + '/widget.html?embed=1&compId=bench&locale=en',
    plain: refServer.url + '/plain.html',
    react: refServer.url + '/react.html',
    reactRedux: refServer.url + '/reactRedux.html',
  };
  results.toIframeMs = {};
  for (const throttle of [1, 4]) {
    for (const [name, url] of Object.entries(pages)) {
      const xs = [];
      for (let i = 0; i < RUNS; i++) xs.push(await timeToIframe(browser.context, url, throttle));
      results.toIframeMs[`${name} ${throttle}x`] = summary(xs);
    }
    const m = (n) => results.toIframeMs[`${n} ${throttle}x`].median;
    results.toIframeMs[`widget/react ${throttle}x`] = { ratio: +(m('widget') / m('react')).toFixed(2) };
    results.toIframeMs[`widget/plain ${throttle}x`] = { ratio: +(m('widget') / m('plain')).toFixed(2) };
  }
  results.sliderDrag = await sliderDrag(browser.context, refServer.url);
  const elementPages = { dist, distUrl: distServer.url, plainUrl: pages.plain, reactGzipKB: refSizes.react };
  results.element = await benchElement({ ...elementPages, context: browser.context, runs: RUNS, median });

  const stageDir = await build({ mock: 'true' });
  const stage = await servePages(stageDir);
  servers.push(stage.server);
  const listed = [];
  for (let i = 0; i < RUNS; i++) listed.push(await timeToListed(browser.context, stage.url, 1));
  results.stageToListedMs = summary(listed);
  results.archive5000 = await bigFolder(browser.context, stage.url);
  results.filesTable = await benchFilesTable({ context: browser.context, url: stage.url, runs: RUNS, summary });
  results.lighthouse = await benchLighthouse({ context: browser.context, pagesDir: stageDir, median });
  rmSync(stageDir, { recursive: true, force: true });

  results.native = await benchNative({ root, pagesDir: dist, context: browser.context, runs: RUNS, median });
  results.visitor = await benchVisitor({ pagesDir: dist, context: browser.context, runs: RUNS, median, reactGzipBytes: sizes.referenceGzipBytes.react });
  results.kinds = await benchKinds({ root, pagesDir: dist, context: browser.context, runs: RUNS, median });
  results.server = await benchServer({ root, pagesDir: dist, context: browser.context, runs: RUNS, median });
  results.fleet = await benchFleet({ root, pagesDir: dist });
} finally {
  await browser.close();
  for (const server of servers) server.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(refs, { recursive: true, force: true });
}

console.log(`\nMachine: ${results.machine.cpus} × ${results.machine.model}, Node ${results.machine.node}; ${RUNS} runs each`);
printFirstScripts(sizes);
console.log('Language chunks (fetched only for the language in use; English is in the page)');
console.table(results.languageChunks.chunks);
console.log('\nNavigation → file iframe in the DOM, ms (performance mark in the page)');
console.table(results.toIframeMs);
printElement(results.element);
console.log(`\nSlider drag: ${results.sliderDrag.values} values, one per frame → ${results.sliderDrag.saves} save(s)`);
console.table({ 'stage: navigation → panel lists My Drive (ms)': results.stageToListedMs });
console.log('The 5,000-file folder');
console.table(results.archive5000.load);
console.table({ 'header click → sorted': results.archive5000.sort.headerClickMs, 'shuffled copy, one collator': results.archive5000.sort.shuffledCopySortMs });
console.log(`Sort ratio (UI / shuffled copy): ${results.archive5000.sort.ratio}`);
printFilesTable(results.filesTable);
printLighthouse(results.lighthouse);
console.log('\nServer: navigation → file iframe in the DOM (ms, median), server-rendered widget page vs plain-DOM reference');
console.table(results.server.widgetNavigationToIframe);
console.log('Server: loopback load run, 10 s × 10 connections each');
console.table(results.server.load);
printFleet(results.fleet);
mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results/bench.json'), JSON.stringify(results, null, 2));
printNative(results.native);
printVisitor(results.visitor);
printKinds(results.kinds);
console.log('Written to test-results/bench.json');
