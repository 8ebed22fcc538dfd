/**
 * pdf.js against poppler on one PDF, in the same run (docs/decisions/pdf-renderer.md): render time
 * per page and image bytes at one width, two rounds. pdf.js is not a dependency of the project:
 * install `pdfjs-dist` and `@napi-rs/canvas` in a folder of their own and name it in PDFJS_DIR.
 *   PDFJS_DIR=/tmp/pdfbench node test/bench/pdfRenderers.mjs file.pdf [width=1280] [pages=100]
 * Poppler's `pdftoppm` and `pdftotext` must be on the PATH.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readFileSync, mkdtempSync, readdirSync, statSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const resolveIn = (name) => pathToFileURL(createRequire(path.join(process.env.PDFJS_DIR ?? '.', 'x.js')).resolve(name)).href;
const file = process.argv[2];
const width = Number(process.argv[3] ?? 1280);
const pages = Number(process.argv[4] ?? 100);
async function pdfjs(fmt) {
  const napi = await import(resolveIn('@napi-rs/canvas'));
  const { createCanvas } = napi;
  Object.assign(globalThis, { Path2D: napi.Path2D, DOMMatrix: napi.DOMMatrix, ImageData: napi.ImageData });
  const pdfjsLib = await import(resolveIn('pdfjs-dist/legacy/build/pdf.mjs'));
  const t0 = performance.now();
  const doc = await pdfjsLib.getDocument({
    data: new Uint8Array(readFileSync(file)),
    isEvalSupported: false,
    enableScripting: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  let bytes = 0;
  let textChars = 0;
  for (let i = 1; i <= Math.min(pages, doc.numPages); i++) {
    const page = await doc.getPage(i);
    const v1 = page.getViewport({ scale: 1 });
    const vp = page.getViewport({ scale: width / v1.width });
    const canvas = createCanvas(Math.round(vp.width), Math.round(vp.height));
    await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport: vp }).promise;
    const out = fmt === 'png' ? canvas.toBuffer('image/png') : fmt === 'webp' ? canvas.toBuffer('image/webp', 80) : canvas.toBuffer('image/jpeg', 80);
    bytes += out.length;
    const tc = await page.getTextContent();
    textChars += tc.items.map((x) => x.str ?? '').join('').length;
    page.cleanup();
  }
  return { ms: performance.now() - t0, bytes, textChars };
}
function poppler(fmt) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pp-'));
  const t0 = performance.now();
  const args = fmt === 'png' ? ['-png'] : ['-jpeg', '-jpegopt', 'quality=80'];
  execFileSync('pdftoppm', [...args, '-scale-to-x', String(width), '-scale-to-y', '-1', '-l', String(pages), file, path.join(dir, 'p')]);
  const txt = execFileSync('pdftotext', ['-bbox-layout', '-l', String(pages), file, '-'], { maxBuffer: 1 << 28 }).toString();
  const ms = performance.now() - t0;
  const bytes = readdirSync(dir).reduce((s, f) => s + statSync(path.join(dir, f)).size, 0);
  rmSync(dir, { recursive: true });
  return { ms, bytes, textChars: (txt.match(/<word[^>]*>([^<]*)</g) ?? []).join('').length };
}
for (const round of [1, 2]) {
  for (const [name, f] of [
    ['pdfjs png', () => pdfjs('png')],
    ['pdfjs jpeg80', () => pdfjs('jpeg')],
    ['pdfjs webp80', () => pdfjs('webp')],
    ['poppler png', () => poppler('png')],
    ['poppler jpeg80', () => poppler('jpeg')],
  ]) {
    const r = await f();
    console.log(round, name, `width ${width}`, `${(r.ms / pages).toFixed(0)} ms/page`, `${(r.bytes / pages / 1024).toFixed(1)} KB/page`);
  }
}
console.log('load', os.loadavg());
