/**
 * What the render worker is given for a spreadsheet (renderSheets.ts), kept apart from the renderer
 * so the server's main thread names it without loading jsdom.
 */

/** A sheet as the Sheets API describes it (`spreadsheets.get`, `sheets.properties`). */
export interface SheetInfo {
  sheetId: number;
  title: string;
  hidden: boolean;
  frozenRows: number;
}

/** What the render worker is given for a spreadsheet: its archive (base64: a job's source is text) and its sheets. */
export interface SheetsJob {
  fileId: string;
  zip: string;
  sheets: SheetInfo[];
}

export function sheetsSource(job: SheetsJob): string {
  return JSON.stringify(job);
}
