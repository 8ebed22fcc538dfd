import type { DriveFile } from '../../api/schemas';
import { FOLDER_MIME } from '../../drive/rules';

export type SortColumn = 'title' | 'owner' | 'modified';
export interface SortOrder {
  column: SortColumn;
  reverse: boolean;
}

export const SORT_COLUMNS: readonly SortColumn[] = ['title', 'owner', 'modified'];

/** Clicking the same column toggles reverse order; another column sorts ascending (spec §4). */
export function nextSort(current: SortOrder, clicked: SortColumn): SortOrder {
  return current.column === clicked ? { column: clicked, reverse: !current.reverse } : { column: clicked, reverse: false };
}

export const isFolder = (file: Pick<DriveFile, 'mimeType'>): boolean => file.mimeType === FOLDER_MIME;
/** The first owner's name, or their address when the drive gives no name; '' for a shared drive's file (no owners). */
export const ownerName = (file: DriveFile): string => file.owners?.[0]?.displayName ?? file.owners?.[0]?.emailAddress ?? '';

/** A file with the keys it is sorted by, computed once when the file is listed. */
export interface KeyedFile {
  file: DriveFile;
  folder: boolean;
  key: string;
}

export const keyOf = (file: DriveFile, column: SortColumn): KeyedFile => ({
  file,
  folder: isFolder(file),
  key: column === 'title' ? file.title : column === 'owner' ? ownerName(file) : (file.modifiedDate ?? ''),
});

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** How a column's keys compare: dates as ISO strings, names with the panel language's collator. */
export const keyComparer = (column: SortColumn, collator: Intl.Collator) => (column === 'modified' ? byCodeUnits : collator.compare);

/**
 * Ascending order of a column: folders before files; within each, by the column's key; ties broken
 * by title then id so the order is stable and total.
 */
export function ascendingComparer(column: SortColumn, collator: Intl.Collator) {
  const compareKeys = keyComparer(column, collator);
  const compareTitles = collator.compare;
  return (a: KeyedFile, b: KeyedFile): number => {
    if (a.folder !== b.folder) return a.folder ? -1 : 1;
    return compareKeys(a.key, b.key) || compareTitles(a.file.title, b.file.title) || byCodeUnits(a.file.id, b.file.id);
  };
}

/** Runs of rows with equal keys, taken from last to first, each in its own order. */
function reverseRuns(rows: readonly KeyedFile[], compareKeys: (a: string, b: string) => number, out: DriveFile[]): void {
  let end = rows.length;
  for (let i = end - 1; i >= 0; i -= 1) {
    if (i > 0 && compareKeys(rows[i - 1]!.key, rows[i]!.key) === 0) continue;
    for (let j = i; j < end; j += 1) out.push(rows[j]!.file);
    end = i;
  }
}

/**
 * The reverse of an ascending order as the owner expects it: folders still first, the column's
 * keys from last to first, and rows with equal keys still by title then id. One pass.
 */
export function reverseOrder(ascending: readonly KeyedFile[], compareKeys: (a: string, b: string) => number): DriveFile[] {
  const out: DriveFile[] = [];
  const folders = ascending.filter((f) => f.folder);
  reverseRuns(folders, compareKeys, out);
  reverseRuns(ascending.slice(folders.length), compareKeys, out);
  return out;
}
