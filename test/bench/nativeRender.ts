/**
 * The bench's native-content helper, run as a child process from its TypeScript source
 * (`node -r ./server/test/support/register-ts.js test/bench/nativeRender.ts <pagesDir> <runs>`):
 * times the server's render of the 27 KB reference export and of a 1 MB export (parse, convert,
 * sanitize; the worker's own time, without the drive), and writes into the pages folder, as the
 * server sends them to a visitor (the site view): the widget page showing the reference document
 * natively (native-bench.html) and one showing a file in the drive's viewer (visitor-viewer.html);
 * a site's page holding the custom element that names the same rendering (element-native-bench.html)
 * and our server's answer to its request for it (element-content.json); the plain-DOM reference;
 * the element's floor (elementFloor.ts).
 * Prints JSON.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { ELEMENT_ATTRIBUTES, elementAttributesOf } from '../../src/contract/elementAttributes';
import { contentAttributeOf } from '../../src/contract/elementContent';
import { readUserModel } from '../../src/contract/userModel';
import { exportOf } from '../../server/dev/fakeDrive/exports';
import { renderWidgetPage, VISITOR_TEMPLATE } from '../../server/src/pages/widgetPage';
import { exportImageSources } from '../../server/src/render/exportLimits';
import { renderExport } from '../../server/src/render/renderExport';
import { contentUrl } from '../../src/element/contentUrl';
import { elementMarkup } from '../helpers/elementMarkup';
import { FLOOR_CONTENT_MARK, frameAround, writeElementFloor } from './elementFloor';

const [pagesDir = 'dist', runsText = '10'] = process.argv.slice(2);
const runs = Number(runsText);

function images(source: string) {
  return new Map(exportImageSources(source).map((src, i) => [src, { src: `/content/images/bench-image-${i}-0000000000`, width: null, height: null }]));
}

function timed(source: string, count = runs): number[] {
  const map = images(source);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    renderExport(source, map);
    times.push(+(performance.now() - start).toFixed(1));
  }
  return times;
}

const reference = exportOf(DRIVE_IDS.welcomeDoc, 'https://lh7-us.googleusercontent.com/bench');
// About 1 MB: the reference document's body repeated.
const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(reference)?.[1] ?? '';
const oneMb = reference.replace(body, body.repeat(Math.ceil((1024 * 1024) / body.length)));

const model = readUserModel({
  activeFileId: DRIVE_IDS.welcomeDoc,
  activeFilePerm: 'reader',
  activeFileTitle: 'Welcome',
  activeFileMimeType: 'application/vnd.google-apps.document',
}).model;
const html = renderExport(reference, images(reference));
const template = readFileSync(path.join(pagesDir, VISITOR_TEMPLATE), 'utf8');
const page = renderWidgetPage(template, { ...model, revision: 1 }, model, 'site', { fileId: DRIVE_IDS.welcomeDoc, html });
writeFileSync(path.join(pagesDir, 'native-bench.html'), page);
const pdf = readUserModel({ activeFileId: 'bench-file', activeFilePerm: 'reader', activeFileTitle: 'Plan', activeFileMimeType: 'application/pdf' }).model;
writeFileSync(path.join(pagesDir, 'visitor-viewer.html'), renderWidgetPage(template, { ...pdf, revision: 1 }, pdf, 'site'));

// The current model: a site's page holding the element, its content attribute naming the rendering
// (never holding it); the element fetches it from our server (the bench's server answers with this).
const VERSION = 7;
const WIDGET_KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';
const element = readdirSync(pagesDir).find((file) => /^element\.[0-9a-f]{8,}\.js$/.test(file));
const elementTag = elementMarkup({
  ...elementAttributesOf(model),
  [ELEMENT_ATTRIBUTES.viewMode]: 'site',
  [ELEMENT_ATTRIBUTES.widgetKey]: WIDGET_KEY,
  [ELEMENT_ATTRIBUTES.content]: contentAttributeOf({ fileId: DRIVE_IDS.welcomeDoc, version: VERSION }),
});
const markedPage = renderWidgetPage(template, { ...model, revision: 1 }, model, 'site', { fileId: DRIVE_IDS.welcomeDoc, html: FLOOR_CONTENT_MARK });
const floorUrl = contentUrl('', WIDGET_KEY, { fileId: DRIVE_IDS.welcomeDoc, version: VERSION });
writeElementFloor(pagesDir, elementTag, floorUrl, frameAround(markedPage));
writeFileSync(
  path.join(pagesDir, 'element-native-bench.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title><script type="module" src="${element}"></script></head><body style="margin:0">${elementTag}</body></html>`,
);
writeFileSync(
  path.join(pagesDir, 'element-content.json'),
  JSON.stringify({ state: 'content', content: { fileId: DRIVE_IDS.welcomeDoc, version: VERSION, html } }),
);
// The plain-DOM reference: the same document markup in a page with one 0.3 KB script and no framework.
const plain = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title><script defer src="native-plain.js"></script></head><body style="margin:0"><main><article>${html}</article></main></body></html>`;
writeFileSync(path.join(pagesDir, 'native-plain.html'), plain);
writeFileSync(path.join(pagesDir, 'native-plain.js'), 'document.documentElement.dataset.ready="1";');

console.log(
  JSON.stringify({
    exportBytes: { reference: Buffer.byteLength(reference), oneMb: Buffer.byteLength(oneMb) },
    // The 1 MB export five times at most: more runs of it outgrow the heap (BENCH_RUNS=30 did).
    renderMs: { reference: timed(reference), oneMb: timed(oneMb, Math.min(runs, 5)) },
    pageBytes: { native: Buffer.byteLength(page), plainReference: Buffer.byteLength(plain) },
  }),
);
