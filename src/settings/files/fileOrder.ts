/**
 * The files table's rows in the owner's sort order, kept up to date as pages arrive rather than
 * sorted again. Each column's ascending order is kept: a new page is keyed and sorted on its own,
 * then merged in by binary search (m·log n comparisons, no re-sort of the rows already in). A
 * header click then costs one pass (the reverse order) or nothing (an order already made).
 * A listing that does not extend the last one (another folder, a refresh, another language, a
 * state restored by time travel) starts the orders afresh, so the rows always follow the state.
 */
import type { DriveFile } from '../../api/schemas';
import { ascendingComparer, keyComparer, keyOf, reverseOrder, SORT_COLUMNS, type KeyedFile, type SortColumn, type SortOrder } from './sortFiles';

type Compare = (a: KeyedFile, b: KeyedFile) => number;

/** `added` (sorted) merged into `into` (sorted): binary search from where the last one went. */
function mergeSorted(into: readonly KeyedFile[], added: readonly KeyedFile[], compare: Compare): KeyedFile[] {
  const out: KeyedFile[] = [];
  let from = 0;
  for (const item of added) {
    let lo = from;
    let hi = into.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(into[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = from; i < lo; i += 1) out.push(into[i]!);
    out.push(item);
    from = lo;
  }
  for (let i = from; i < into.length; i += 1) out.push(into[i]!);
  return out;
}

/** One column's ascending order, and its two row lists made on first use. */
function columnOrder(column: SortColumn, collator: Intl.Collator) {
  const compare = ascendingComparer(column, collator);
  const compareKeys = keyComparer(column, collator);
  let ascending: KeyedFile[] = [];
  let rows: Partial<Record<'up' | 'down', DriveFile[]>> = {};
  return {
    add(files: readonly DriveFile[]): void {
      ascending = mergeSorted(ascending, files.map((f) => keyOf(f, column)).sort(compare), compare);
      rows = {};
    },
    sorted: (reverse: boolean): DriveFile[] => (reverse ? (rows.down ??= reverseOrder(ascending, compareKeys)) : (rows.up ??= ascending.map((f) => f.file))),
  };
}

/** Whether `items` is `before` with rows appended (the same objects, as the store keeps them). */
function extends_(items: readonly DriveFile[], before: readonly DriveFile[]): boolean {
  if (items.length < before.length) return false;
  for (let i = 0; i < before.length; i += 1) if (items[i] !== before[i]) return false;
  return true;
}

/** A sorter that remembers: call it with the listing's rows, the order and the language's collator. */
export function createFileOrder() {
  let collator: Intl.Collator | null = null;
  let listed: readonly DriveFile[] = [];
  let columns = new Map<SortColumn, ReturnType<typeof columnOrder>>();

  return function sortedRows(items: readonly DriveFile[], order: SortOrder, languageCollator: Intl.Collator): DriveFile[] {
    if (languageCollator !== collator || !extends_(items, listed)) {
      collator = languageCollator;
      listed = [];
      columns = new Map(SORT_COLUMNS.map((column) => [column, columnOrder(column, languageCollator)]));
    }
    if (items !== listed) {
      // Every column takes the new rows now, so a later header click has nothing left to sort.
      const added = items.slice(listed.length);
      if (added.length > 0) for (const column of columns.values()) column.add(added);
      listed = items;
    }
    return columns.get(order.column)!.sorted(order.reverse);
  };
}
