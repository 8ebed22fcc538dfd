/** Removes a deleted element's settings on the server: its widget key and access token, retried. */
import { routesAt } from '../api/routes';
import { createWidgetApi } from '../api/widgetClient';
import { WIDGET_KEY_FIELD } from '../contract/widgetKey';
import { deleteWithRetry, DELETE_RETRY_DELAYS_MS } from '../widget/deleteWithRetry';

export function removeSettings(widgetKey: string, apiBase: string, token: string | null): Promise<boolean> {
  const api = createWidgetApi({
    routes: routesAt(apiBase),
    query: { instance: null, compId: null, origCompId: null },
    access: {
      params: { [WIDGET_KEY_FIELD]: widgetKey },
      headers: () => Promise.resolve<Record<string, string>>(token ? { Authorization: token } : {}),
    },
  });
  return deleteWithRetry(api, DELETE_RETRY_DELAYS_MS, console);
}
