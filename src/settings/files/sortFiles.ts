import { FOLDER_MIME, type DriveFile } from '../../api/schemas';
import type { SortColumn, SortOrder } from '../model';

export type { SortColumn, SortOrder } from '../model';

/** Clicking the same column toggles reverse order; another column sorts ascending (spec §4). */
export function nextSort(current: SortOrder, clicked: SortColumn): SortOrder {
  return current.column === clicked ? { column: clicked, reverse: !current.reverse } : { column: clicked, reverse: false };
}

export const isFolder = (file: Pick<DriveFile, 'mimeType'>): boolean => file.mimeType === FOLDER_MIME;
export const ownerName = (file: DriveFile): string => file.owners?.[0]?.displayName ?? '';

const collators = new Map<string, Intl.Collator>();
function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    let supported = 'en';
    try {
      supported = Intl.Collator.supportedLocalesOf([locale]).length ? locale : 'en';
    } catch {
      supported = 'en';
    }
    collator = new Intl.Collator(supported, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * Folders before files; within each, by the column in the owner's language (one collator per
 * locale, numeric, case-insensitive); ties broken by title then id so the order is stable.
 */
export function sortFiles(files: readonly DriveFile[], order: SortOrder, locale: string): DriveFile[] {
  const collator = collatorFor(locale);
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
