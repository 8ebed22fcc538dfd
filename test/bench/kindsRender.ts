/**
 * The bench's other kinds as part of the page (docs/sheets.md, docs/pdfs.md), run as a child
 * process from its TypeScript source
 * (`node -r ./server/test/support/register-ts.js test/bench/kindsRender.ts <pagesDir> <runs>`):
 * renders a spreadsheet of 1,000 rows, the 100-page PDF and the 20-slide deck with the server's own
 * renderers (the drive aside: a PDF's pages drawn by poppler, then the pages' HTML; a sheet's
 * archive rebuilt as tables), timing each, and writes into the pages folder, for each kind, the
 * visitor's widget page as the server sends it (`kind-<name>.html`), a plain-DOM page holding the
 * same markup with the content's own stylesheet (`kind-<name>-plain.html`), and the pages' images
 * (`images/<id>`, answered at our image route's paths). Prints JSON.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readUserModel } from '../../src/contract/userModel';
import { nativeCss } from '../../src/widget/nativeContentStyle';
import { renderWidgetPage, VISITOR_TEMPLATE } from '../../server/src/pages/widgetPage';
import { pagesSource, type PageOfJob } from '../../server/src/render/pagesJob';
import { createPdfRenderer, type PdfPages } from '../../server/src/render/pdfPages';
import { renderPages } from '../../server/src/render/renderPages';
import { renderSheets } from '../../server/src/render/renderSheets';
import { sheetJobSource, sheetPage } from './sheetSource';

const [pagesDir = 'dist', runsText = '3'] = process.argv.slice(2);
const runs = Math.max(1, Number(runsText));
const exportsDir = path.resolve(__dirname, '../../server/dev/fakeDrive/exports');

async function timed<T>(work: () => Promise<T> | T): Promise<{ result: T; ms: number[] }> {
  const ms: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    result = await work();
    ms.push(Math.round(performance.now() - start));
  }
  return { result, ms };
}

/** Each page's images written as our image route would answer them; the job's pages name their paths. */
function storedPages(name: string, drawn: PdfPages): PageOfJob[] {
  mkdirSync(path.join(pagesDir, 'images'), { recursive: true });
  return drawn.pages.map((page, n) => ({
    images: [...page.images].map(([width, { bytes }]) => {
      const id = `bench_${name}_page${n}_${width}w`;
      writeFileSync(path.join(pagesDir, 'images', id), bytes);
      return { width, path: `/content/images/${id}` };
    }),
    width: page.width,
    height: page.height,
    paragraphs: page.paragraphs,
  }));
}

async function pdfKind(name: string, file: string, kind: 'pdf' | 'slides') {
  const bytes = readFileSync(path.join(exportsDir, file));
  const renderer = createPdfRenderer();
  const drawn = await timed(() => renderer.render(bytes));
  const job = { kind, pages: storedPages(name, drawn.result), total: drawn.result.total, driveUrl: 'https://drive.google.com/file/d/bench/view' };
  const html = await timed(() => renderPages(pagesSource(job)));
  const imageBytes = drawn.result.pages.reduce((sum, page) => sum + [...page.images.values()].reduce((s, image) => s + image.bytes.length, 0), 0);
  return { html: html.result, renderMs: drawn.ms.map((ms, i) => ms + html.ms[i]!), inputBytes: bytes.length, pages: drawn.result.pages.length, imageBytes };
}

async function sheetKind() {
  const page = sheetPage(1000);
  const source = sheetJobSource(page);
  const html = await timed(() => renderSheets(source));
  return { html: html.result, renderMs: html.ms, inputBytes: page.length, pages: 1, imageBytes: 0 };
}

const KINDS = {
  sheet: { mimeType: 'application/vnd.google-apps.spreadsheet', title: 'Prices', render: sheetKind },
  pdf: { mimeType: 'application/pdf', title: 'Report', render: () => pdfKind('pdf', 'pdf/hundred-pages.pdf', 'pdf') },
  deck: { mimeType: 'application/vnd.google-apps.presentation', title: 'Deck', render: () => pdfKind('deck', 'slides/deck-20.pdf', 'slides') },
};

async function main(): Promise<void> {
  const template = readFileSync(path.join(pagesDir, VISITOR_TEMPLATE), 'utf8');
  const results: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(KINDS)) {
    const { html, ...figures } = await kind.render();
    const model = readUserModel({
      activeFileId: `bench-${name}`,
      activeFilePerm: 'reader',
      activeFileTitle: kind.title,
      activeFileMimeType: kind.mimeType,
      display: 'page',
    }).model;
    writeFileSync(
      path.join(pagesDir, `kind-${name}.html`),
      renderWidgetPage(template, { ...model, revision: 1 }, model, 'site', { fileId: model.activeFileId!, html }),
    );
    const plain = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Reference</title><style>${nativeCss(kind.mimeType)}</style></head><body style="margin:0"><main><article class="dfw-doc">${html}</article></main></body></html>`;
    writeFileSync(path.join(pagesDir, `kind-${name}-plain.html`), plain);
    results[name] = { ...figures, renderedBytes: Buffer.byteLength(html) };
  }
  console.log(JSON.stringify(results));
}

void main();
