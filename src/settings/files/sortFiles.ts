import type { DriveFile } from '../../api/schemas';
import { FOLDER_MIME } from '../../drive/rules';
import type { SortColumn, SortOrder } from '../model';

export type { SortColumn, SortOrder } from '../model';

/** Clicking the same column toggles reverse order; another column sorts ascending (spec §4). */
export function nextSort(current: SortOrder, clicked: SortColumn): SortOrder {
  return current.column === clicked ? { column: clicked, reverse: !current.reverse } : { column: clicked, reverse: false };
}

export const isFolder = (file: Pick<DriveFile, 'mimeType'>): boolean => file.mimeType === FOLDER_MIME;
export const ownerName = (file: DriveFile): string => file.owners?.[0]?.displayName ?? '';

/**
 * Folders before files; within each, by the column with the panel language's collator (one per
 * language, see i18n/format); ties broken by title then id so the order is stable.
 */
export function sortFiles(files: readonly DriveFile[], order: SortOrder, collator: Intl.Collator): DriveFile[] {
  const direction = order.reverse ? -1 : 1;
  const key = (f: DriveFile): string => (order.column === 'title' ? f.title : order.column === 'owner' ? ownerName(f) : (f.modifiedDate ?? ''));
  const compareKeys = order.column === 'modified' ? (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) : collator.compare;
  return [...files].sort((a, b) => {
    const folderFirst = Number(isFolder(b)) - Number(isFolder(a));
    if (folderFirst !== 0) return folderFirst;
    const byKey = compareKeys(key(a), key(b)) * direction;
    if (byKey !== 0) return byKey;
    return collator.compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}
