/**
 * Mirage's rendering of a file shown as part of the page (issue 20), for the stage and the client
 * tests: a Google Doc is the real export of the 27 KB reference document (the fake drive's
 * `exports/`), rebuilt by the server's own converter (src/drive/convertExport.ts) on the
 * browser's DOM (or jsdom's); its images are left out (Mirage keeps no copies; the export's URLs
 * expire). A spreadsheet is the fake drive's zipped export (`exports/sheets/budget-2026`): its
 * visible sheets, as its `sheets.json` (the Sheets API's answer) lists them, rebuilt by the server's
 * own converter (src/drive/convertSheet.ts). Mirage does not sanitize either: the element does,
 * with the contract's rules. A PDF or a presentation is its fixture's pages (nativePages.ts). A
 * text file or an image is a stand-in made of its title.
 */
import referenceExport from '../server/dev/fakeDrive/exports/devex-reference-document.html?raw';
import benchmarksPage from '../server/dev/fakeDrive/exports/sheets/budget-2026/Benchmarks.html?raw';
import hiddenPage from '../server/dev/fakeDrive/exports/sheets/budget-2026/Internal costs.html?raw';
import pricesPage from '../server/dev/fakeDrive/exports/sheets/budget-2026/Prices.html?raw';
import spreadsheet from '../server/dev/fakeDrive/exports/sheets/budget-2026/sheets.json';
import { SheetConverter } from '../src/drive/convertSheet';
import { ExportConverter } from '../src/drive/convertExport';
import { nativeKindOf } from '../src/drive/display';
import { readExportStyles } from '../src/drive/exportStyles';
import { pagesRendering } from './nativePages';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The reference export rebuilt as the server rebuilds a document. */
export function documentRendering(exportHtml: string = referenceExport): string {
  const source = new DOMParser().parseFromString(exportHtml, 'text/html');
  const css = Array.from(source.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n');
  const out = document.implementation.createHTMLDocument('');
  const converter = new ExportConverter(out, { styles: readExportStyles(css), imageFor: () => null });
  const container = out.createElement('div');
  container.append(...converter.children(source.body));
  return container.innerHTML;
}

/** The archive's pages by name, as the drive names a sheet's page (its title). */
const SHEET_PAGES: Record<string, string> = { 'Prices.html': pricesPage, 'Benchmarks.html': benchmarksPage, 'Internal costs.html': hiddenPage };

/** The fixture spreadsheet rebuilt as the server rebuilds it: its visible sheets only. */
export function sheetsRendering(fileId: string): string {
  const out = document.implementation.createHTMLDocument('');
  const pages = spreadsheet.sheets
    .map(({ properties: p }) => p)
    .filter((p) => !('hidden' in p && p.hidden))
    .map((p) => ({
      title: p.title,
      gid: p.sheetId,
      frozenRows: ('frozenRowCount' in p.gridProperties ? p.gridProperties.frozenRowCount : undefined) ?? 0,
      page: new DOMParser().parseFromString(SHEET_PAGES[`${p.title}.html`] ?? '', 'text/html'),
    }));
  const container = out.createElement('div');
  container.append(new SheetConverter(out, fileId).convert(pages));
  return container.innerHTML;
}

/** What Mirage shows for a file as part of the page. */
export function nativeRendering(title: string, mimeType: string, fileId = ''): string {
  const kind = nativeKindOf(mimeType) ?? 'file';
  if (kind === 'document') return documentRendering();
  if (kind === 'sheet') return sheetsRendering(fileId);
  if (kind === 'pdf' || kind === 'slides') return pagesRendering(kind, fileId, title);
  return `<h1 id="h.top">${escapeHtml(title)}</h1><p>The ${kind} as part of the page (Mirage's stand-in rendering).</p>`;
}
