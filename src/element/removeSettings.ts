/** Removes a deleted element's settings on the server: its widget key and access token, retried. */
import { routesAt } from '../api/routes';
import { createWidgetApi } from '../api/widgetClient';
import { WIDGET_KEY_FIELD } from '../contract/widgetKey';
import { accessTokenSource, type AccessTokenSource } from './accessToken';
import { deleteWithRetry, DELETE_RETRY_DELAYS_MS } from '../widget/deleteWithRetry';

/** `token`: asked for at each attempt (the platform's tokens expire), a string for a token that does not change. */
export function removeSettings(widgetKey: string, apiBase: string, token: AccessTokenSource | string | null): Promise<boolean> {
  const askToken = accessTokenSource(token);
  const api = createWidgetApi({
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
  return deleteWithRetry(api, DELETE_RETRY_DELAYS_MS, console);
}
