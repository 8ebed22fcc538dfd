/**
 * The widget's calls to the server, with the client that makes them: one chunk, fetched on first
 * use (the editor's page fetches it at start, main.tsx). A visitor's page arrives with its settings
 * in the HTML (the server embeds them) and never calls the server, so it never downloads this.
 */
import { toErrorInfo } from '../api/ApiError';
import type { SettingsApi } from '../api/widgetClient';
import type { UserModel } from '../contract/userModel';
import { createPageSettingsApi } from './pageSettingsApi';
import { readQueryValues } from '../api/queryValues';
import { createWidgetApi } from '../api/widgetClient';
import { browserStorage, pendingDeletesOf, siteOfInstance, type KeyValueStorage } from '../api/pendingDeletes';
import { widgetIdOf } from '../contract/widgetId';
import { finishPendingDeletes, type KeptDelete } from './deleteWithRetry';

export { deleteWithRetry, DELETE_RETRY_DELAYS_MS } from './deleteWithRetry';

let pageApi: SettingsApi | null = null;

/** The page's own settings calls, addressed with its query values; made once. */
export const pageSettingsApi = (): SettingsApi => (pageApi ??= createPageSettingsApi(window.location.search));

/** The saved model; 'aborted' when the caller cancelled; 'failed' once the failure is logged. */
export async function loadModel(
  api: SettingsApi,
  options: { signal: AbortSignal; fresh: boolean },
  log: Pick<Console, 'warn'>,
): Promise<UserModel | 'aborted' | 'failed'> {
  try {
    return (await api.loadUserModel(options)).model;
  } catch (e) {
    const info = toErrorInfo(e);
    if (info.code === 'aborted') return 'aborted';
    log.warn(`Drive File Widget: the settings could not be loaded (${info.code}): ${info.message}`);
    return 'failed';
  }
}

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
  return finishPendingDeletes(pendingDeletesOf(storage, site), widgetIdOf(query), apiFor, delays, log);
}
