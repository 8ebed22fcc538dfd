/**
 * A spreadsheet's zipped HTML export (`files.export`, `application/zip`) to the HTML the widget
 * shows: the archive read as hostile (readZip.ts), each visible sheet's page (the Sheets API's
 * list, in its order: a hidden sheet is never read, whatever the archive holds) measured like a
 * document's export (exportShape.ts), parsed inert by jsdom, rebuilt as a table
 * (src/drive/convertSheet.ts), then sanitized. Runs in the render worker.
 */
import { SheetConverter, type SheetPage } from '#client/drive/convertSheet';
import { checkExportShape } from './exportShape';
import { MAX_EXPORT_BYTES } from './exportLimits';
import { readZip } from './readZip';
import { emptyDocument, parsedDocument } from './renderWindow';
import { sanitizeContent } from './sanitize';
import type { SheetsJob } from './sheetsJob';

/**
 * The pages' inline styles but a rich-text run's, taken out before parsing: the converter reads only
 * a span's (its bold and italic), and jsdom parses every style attribute it meets as CSS (each row
 * and row number of the export has one). Only inside a start tag; a style this misses is only parsed
 * for nothing.
 */
const INLINE_STYLE = /(<(?!span\b)[a-z][\w-]*\b[^>]*?)\sstyle\s*=\s*"[^"]*"/gi;

/** An archive unpacks to at most this: pages are HTML, which deflates about 10 to 1 (a bomb stops here). */
export const MAX_UNZIPPED_BYTES = 4 * MAX_EXPORT_BYTES;

/** The names the drive may give a sheet's page: its title, or its title with the characters file names cannot hold replaced. */
const pageNames = (title: string): string[] => [`${title}.html`, `${title.replace(/[\\/:*?"<>|]/g, '_')}.html`];

export function renderSheets(source: string): string {
  const job = JSON.parse(source) as SheetsJob;
  const entries = readZip(Buffer.from(job.zip, 'base64'), MAX_UNZIPPED_BYTES);
  const pages: SheetPage[] = [];
  for (const sheet of job.sheets) {
    if (sheet.hidden) continue;
    const names = pageNames(sheet.title);
    const entry = entries.find((e) => names.includes(e.name));
    if (!entry) continue;
    const html = entry.bytes.toString('utf8');
    checkExportShape(html);
    pages.push({ title: sheet.title, gid: sheet.sheetId, frozenRows: sheet.frozenRows, page: parsedDocument(html.replace(INLINE_STYLE, '$1')) });
  }
  // Pages named otherwise than the sheets: a blank widget helps no one; failing shows the drive's viewer (and is retried).
  if (pages.length === 0 && job.sheets.some((sheet) => !sheet.hidden)) throw new Error('No page of the archive is named for a visible sheet.');
  const out = emptyDocument();
  const container = out.createElement('div');
  container.append(new SheetConverter(out, job.fileId).convert(pages));
  return sanitizeContent(container.innerHTML);
}
