/**
 * Removes a deleted element's settings on the server: its widget key and access token, retried;
 * what the page does not live to finish is kept for the next element of the site in the editor.
 */
import { routesAt } from '../api/routes';
import { createWidgetApi } from '../api/widgetClient';
import { WIDGET_KEY_FIELD } from '../contract/widgetKey';
import { accessTokenSource, type AccessTokenSource } from './accessToken';
import { deleteWithRetry, DELETE_RETRY_DELAYS_MS, finishPendingDeletes, type KeptDelete } from '../api/deleteWithRetry';
import { browserStorage, pendingDeletesOf, type KeyValueStorage } from '../api/pendingDeletes';
import { ELEMENT_PAGE_SITE } from '../contract/pendingDeletes';

/** `token`: asked for at each attempt (the platform's tokens expire), a string for a token that does not change. */
function settingsApiOf(widgetKey: string, apiBase: string, token: AccessTokenSource | string | null) {
  const askToken = accessTokenSource(token);
  return createWidgetApi({
    routes: routesAt(apiBase),
    query: { instance: null, compId: null, origCompId: null },
    access: {
      params: { [WIDGET_KEY_FIELD]: widgetKey },
      headers: async (): Promise<Record<string, string>> => {
        const current = await askToken();
        return current ? { Authorization: current } : {};
      },
    },
  });
}

/** The pending deletes of the element's page (the site's). */
export const elementPendingDeletes = (storage: KeyValueStorage | null = browserStorage()) => pendingDeletesOf(storage, ELEMENT_PAGE_SITE);

/** Removes the widget's settings; `kept`: where the delete is kept should the page go before it is done. */
export function removeSettings(
  widgetKey: string,
  apiBase: string,
  token: AccessTokenSource | string | null,
  kept?: KeptDelete,
  delays: readonly number[] = DELETE_RETRY_DELAYS_MS,
): Promise<boolean> {
  return deleteWithRetry(settingsApiOf(widgetKey, apiBase, token), delays, console, kept);
}

/** Sends the page's pending deletes with this element's token; a widget alive on the page (`isLive`) is skipped. */
export function finishElementPendingDeletes(
  isLive: (widgetKey: string) => boolean,
  apiBase: string,
  token: AccessTokenSource,
  storage: KeyValueStorage | null = browserStorage(),
  delays: readonly number[] = DELETE_RETRY_DELAYS_MS,
): Promise<void> {
  return finishPendingDeletes(elementPendingDeletes(storage), isLive, (key) => settingsApiOf(key, apiBase, token), delays, console);
}
