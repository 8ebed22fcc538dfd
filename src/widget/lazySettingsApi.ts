/**
 * The widget's settings calls, with the client that makes them fetched on first use. A visitor's
 * page arrives with its settings in the HTML (the server embeds them) and never calls the server,
 * so it never downloads the client; the editor's page fetches it the first time settings change
 * (or right away when a page arrives without its settings). A failed fetch of the client is a
 * network error like any other, and the next call fetches it again.
 */
import { ApiError } from '../api/ApiError';
import type { RouteName } from '../api/routes';
import type { SettingsApi } from '../api/widgetClient';

export interface LazySettingsApi extends SettingsApi {
  /**
   * Fetches the client now, ahead of its first use: in the editor, where a deleted component's frame
   * is removed a moment after the event, the delete cannot wait for a download.
   */
  preload(): void;
}

export function lazySettingsApi(loadClient: () => Promise<SettingsApi>): LazySettingsApi {
  let client: Promise<SettingsApi> | null = null;
  const ready = (route: RouteName) => {
    client ??= loadClient();
    return client.catch((e: unknown) => {
      client = null;
      throw new ApiError('network', route, `The settings client could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
    });
  };
  return {
    preload: () => void ready('delete').catch(() => undefined),
    loadUserModel: (options) => ready('userModel').then((api) => api.loadUserModel(options)),
    deleteSettings: (options) => ready('delete').then((api) => api.deleteSettings(options)),
  };
}
