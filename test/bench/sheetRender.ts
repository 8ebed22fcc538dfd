/**
 * The server's render of a spreadsheet (parse, rebuild, sanitize; the worker's own time, without the
 * drive), for the sheet row limit (docs/sheets.md): a sheet of `rows` rows of six formatted cells in
 * the drive's export shape, zipped as the drive zips it, rendered `runs` times after one warm-up.
 * `node -r ./server/test/support/register-ts.js test/bench/sheetRender.ts [rows] [runs]`. Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { renderSheets } from '../../server/src/render/renderSheets';
import { sheetJobSource, sheetPage } from './sheetSource';

const [rowsText = '1000', runsText = '5'] = process.argv.slice(2);
const rows = Number(rowsText);
const runs = Number(runsText);
const page = sheetPage(rows);
const source = sheetJobSource(page);

const html = renderSheets(source);
const times: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  renderSheets(source);
  times.push(Math.round(performance.now() - start));
}
console.log(JSON.stringify({ rows, exportBytes: page.length, renderedBytes: html.length, ms: times }));
