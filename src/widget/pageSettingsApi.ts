/** The settings calls of the page the widget runs in, addressed with the page's own query values. */
import { readQueryValues } from '../api/queryValues';
import { createWidgetApi, type SettingsApi } from '../api/widgetClient';

export function createPageSettingsApi(search: string): SettingsApi {
  return createWidgetApi({ query: readQueryValues(search) });
}
