/**
 * A widget's delete that did not reach the server before its page went (the editor removes the
 * widget's frame a moment after "component deleted"), kept in localStorage on our origin so a later
 * page of the same site in the same browser finishes it with its own credential. What is kept: the
 * widget's id (a legacy compId or a widget key) and when it was recorded, in a list per site (the
 * instanceId as read from the instance's payload, not secret): never a token or a signed instance.
 * Entries expire after PENDING_DELETE_TTL_MS; the list keeps at most MAX_PENDING_DELETES.
 */
import { isRecord } from './record';
import { isWidgetId } from './widgetId';

export const PENDING_DELETE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_PENDING_DELETES = 20;

/** A widget whose settings are still to be deleted, and when that was recorded (ms since the epoch). */
export interface PendingDelete {
  widget: string;
  at: number;
}

// The storage key of a site's list (apart: the element's first script reads it, and carries no more).
export { ELEMENT_PAGE_SITE, pendingDeletesKey } from './pendingDeletesKey';

const isEntry = (value: unknown): value is PendingDelete =>
  isRecord(value) && isWidgetId(value.widget) && typeof value.at === 'number' && Number.isFinite(value.at);

/** The live entries of a stored list (anything malformed, expired or from the future is left out). */
export function readPendingDeletes(text: string | null, now: number): PendingDelete[] {
  if (!text) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return [];
    return raw.filter(isEntry).filter((e) => e.at <= now && now - e.at < PENDING_DELETE_TTL_MS);
  } catch {
    return [];
  }
}

/** The list with `widget` recorded now (once), the oldest entries dropped beyond the bound. */
export function withPendingDelete(list: readonly PendingDelete[], widget: string, now: number): PendingDelete[] {
  return [...withoutPendingDelete(list, widget), { widget, at: now }].slice(-MAX_PENDING_DELETES);
}

export function withoutPendingDelete(list: readonly PendingDelete[], widget: string): PendingDelete[] {
  return list.filter((e) => e.widget !== widget);
}
