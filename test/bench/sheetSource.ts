/**
 * The bench's spreadsheet: a sheet of `rows` rows of six formatted cells in the drive's zipped HTML
 * export shape (one page, as the drive zips it), as the render worker is given it (sheetsJob.ts).
 */
import { zipOf } from '../../server/dev/fakeDrive/zip';
import { sheetsSource } from '../../server/src/render/sheetsJob';

const row = (i: number) =>
  `<tr style="height: 20px"><th id="0R${i}" style="height: 20px;" class="row-headers-background"><div class="row-header-wrapper" style="line-height: 20px">${i + 1}</div></th>` +
  `<td class="s0" dir="ltr">Item ${i}</td><td class="s1" dir="ltr">$${i}.50</td><td class="s1" dir="ltr">${i % 100}.0%</td>` +
  `<td class="s1" dir="ltr">2026-01-${String((i % 28) + 1).padStart(2, '0')}</td><td class="s2" dir="ltr">Note ${i}</td><td class="s2" dir="ltr">x</td></tr>`;
const css = `.ritz .waffle .s0{font-weight:bold;text-align:left;color:#000000}.ritz .waffle .s1{text-align:right;color:#cc0000}.ritz .waffle .s2{background-color:#fff2cc}`;

/** The sheet's export page (HTML) of `rows` rows. */
export const sheetPage = (rows: number): string =>
  `<meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style type="text/css">${css}</style><div class="ritz grid-container" dir="ltr"><table class="waffle" cellspacing="0" cellpadding="0"><thead><tr><th class="row-header freezebar-origin-ltr"></th><th class="column-headers-background">A</th></tr></thead><tbody>${Array.from({ length: rows }, (_, i) => row(i)).join('')}</tbody></table></div>`;

/** The render worker's job for a one-sheet spreadsheet holding `page`. */
export const sheetJobSource = (page: string): string =>
  sheetsSource({
    fileId: 'bench',
    zip: zipOf([{ name: 'Sheet1.html', bytes: Buffer.from(page) }]).toString('base64'),
    sheets: [{ sheetId: 0, title: 'Sheet1', hidden: false, frozenRows: 0 }],
  });
