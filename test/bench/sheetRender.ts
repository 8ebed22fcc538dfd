/**
 * The server's render of a spreadsheet (parse, rebuild, sanitize; the worker's own time, without the
 * drive), for the sheet row limit (docs/sheets.md): a sheet of `rows` rows of six formatted cells in
 * the drive's export shape, zipped as the drive zips it, rendered `runs` times after one warm-up.
 * `node -r ./server/test/support/register-ts.js test/bench/sheetRender.ts [rows] [runs]`. Prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { zipOf } from '../../server/dev/fakeDrive/zip';
import { renderSheets } from '../../server/src/render/renderSheets';
import { sheetsSource } from '../../server/src/render/sheetsJob';

const [rowsText = '1000', runsText = '5'] = process.argv.slice(2);
const rows = Number(rowsText);
const runs = Number(runsText);

const row = (i: number) =>
  `<tr style="height: 20px"><th id="0R${i}" style="height: 20px;" class="row-headers-background"><div class="row-header-wrapper" style="line-height: 20px">${i + 1}</div></th>` +
  `<td class="s0" dir="ltr">Item ${i}</td><td class="s1" dir="ltr">$${i}.50</td><td class="s1" dir="ltr">${i % 100}.0%</td>` +
  `<td class="s1" dir="ltr">2026-01-${String((i % 28) + 1).padStart(2, '0')}</td><td class="s2" dir="ltr">Note ${i}</td><td class="s2" dir="ltr">x</td></tr>`;
const css = `.ritz .waffle .s0{font-weight:bold;text-align:left;color:#000000}.ritz .waffle .s1{text-align:right;color:#cc0000}.ritz .waffle .s2{background-color:#fff2cc}`;
const page = `<meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style type="text/css">${css}</style><div class="ritz grid-container" dir="ltr"><table class="waffle" cellspacing="0" cellpadding="0"><thead><tr><th class="row-header freezebar-origin-ltr"></th><th class="column-headers-background">A</th></tr></thead><tbody>${Array.from({ length: rows }, (_, i) => row(i)).join('')}</tbody></table></div>`;
const source = sheetsSource({
  fileId: 'bench',
  zip: zipOf([{ name: 'Sheet1.html', bytes: Buffer.from(page) }]).toString('base64'),
  sheets: [{ sheetId: 0, title: 'Sheet1', hidden: false, frozenRows: 0 }],
});

const html = renderSheets(source);
const times: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  renderSheets(source);
  times.push(Math.round(performance.now() - start));
}
console.log(JSON.stringify({ rows, exportBytes: page.length, renderedBytes: html.length, ms: times }));
