/**
 * The fake drive's spreadsheets: every spreadsheet exports (`files.export`, `application/zip`) as
 * the zipped HTML of exports/sheets/budget-2026 (its pages, one per sheet including the hidden one,
 * and `resources/`), and the Sheets API's `spreadsheets.get` answers that folder's `sheets.json`
 * (titles, ids, which sheet is hidden, frozen rows). SOURCE.md there says where it comes from.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { zipOf, type ZipFile } from './zip';

export const SPREADSHEET = 'application/vnd.google-apps.spreadsheet';
/** The fixture's folder name under exports/sheets. */
export const SHEETS_FIXTURE = 'budget-2026';
/** What the fixture folder holds that the drive's archive would not. */
const NOT_EXPORTED = new Set(['SOURCE.md', 'sheets.json']);

/** The fixture's folder (exports/sheets/budget-2026) under `exportsDir`. */
export const sheetsFixtureDir = (exportsDir: string): string => path.join(exportsDir, 'sheets', SHEETS_FIXTURE);

function filesUnder(dir: string, prefix = ''): ZipFile[] {
  const files: ZipFile[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...filesUnder(full, `${prefix}${name}/`));
    else if (!NOT_EXPORTED.has(name) && !name.startsWith('LICENSE')) files.push({ name: `${prefix}${name}`, bytes: readFileSync(full) });
  }
  return files;
}

let archive: Buffer | null = null;

/** The spreadsheet's zipped HTML export (made once). */
export function spreadsheetZip(exportsDir: string): Buffer {
  archive ??= zipOf(filesUnder(sheetsFixtureDir(exportsDir)));
  return archive;
}

/** The Sheets API's answer about the spreadsheet (all of `sheets.properties`; the fake ignores the `fields` mask's detail). */
export function spreadsheetProperties(exportsDir: string, spreadsheetId: string): unknown {
  const { sheets } = JSON.parse(readFileSync(path.join(sheetsFixtureDir(exportsDir), 'sheets.json'), 'utf8')) as { sheets: unknown[] };
  return { spreadsheetId, sheets };
}
