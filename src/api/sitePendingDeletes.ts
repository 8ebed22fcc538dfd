/**
 * The legacy model's pending deletes (src/contract/pendingDeletes.ts) as a page of ours sees them:
 * its site is its instance's instanceId, its own widget the one its query names. Used by the widget
 * (which records its own and finishes others in the editor) and by the settings panel (which
 * finishes them at start).
 */
import { readQueryValues } from './queryValues';
import { createWidgetApi } from './widgetClient';
import { browserStorage, pendingDeletesOf, siteOfInstance, type KeyValueStorage } from './pendingDeletes';
import { widgetIdOf } from '../contract/widgetId';
import { finishPendingDeletes, type KeptDelete } from './deleteWithRetry';

/** The page's widget as an entry of its site's pending deletes; undefined when the page names no site or no widget. */
export function keptDeleteOf(search: string, storage: KeyValueStorage | null = browserStorage()): KeptDelete | undefined {
  const query = readQueryValues(search);
  const site = siteOfInstance(query.instance);
  const widget = widgetIdOf(query);
  return site && widget ? { pending: pendingDeletesOf(storage, site), widget } : undefined;
}

/** Finishes the pending deletes of the page's site with the page's own instance; its own widget is never one of them. */
export function finishSitePendingDeletes(
  search: string,
  delays: readonly number[],
  log: Pick<Console, 'warn' | 'error'>,
  storage: KeyValueStorage | null = browserStorage(),
): Promise<void> {
  const query = readQueryValues(search);
  const site = siteOfInstance(query.instance);
  if (!site) return Promise.resolve();
  const apiFor = (widget: string) => createWidgetApi({ query: { instance: query.instance, compId: widget, origCompId: null } });
  const own = widgetIdOf(query);
  return finishPendingDeletes(pendingDeletesOf(storage, site), (widget) => widget === own, apiFor, delays, log);
}
