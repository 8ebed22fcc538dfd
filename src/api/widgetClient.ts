/**
 * The calls both pages make about their settings: reading the stored user model (with its
 * revision) and deleting it. The widget uses only these, so its first bundle carries no schema
 * library; the panel's client (client.ts) adds the drive routes and saving.
 */
import { refused } from './ApiError';
import { createRequester, FORM_CONTENT_TYPE, type Call, type RequestOptions, type TransportConfig } from './request';
import type { RouteName } from './routes';
import { readRevision } from '../contract/revision';
import type { UserModel } from '../contract/userModel';
import { widgetIdOf } from '../contract/widgetId';
import { isWidgetKey, WIDGET_KEY_FIELD } from '../contract/widgetKey';
import { parseUserModel } from './parseUserModel';

/** The stored settings: the owner's model and the revision of its row (0: never saved). */
export interface StoredSettings {
  model: UserModel;
  revision: number;
}

export interface SettingsApi {
  loadUserModel(options?: RequestOptions): Promise<StoredSettings>;
  deleteSettings(options?: RequestOptions): Promise<void>;
}

export const NO_COMPONENT_MESSAGE = 'This page was opened without the id of its widget, so its settings cannot be changed.';

/** Whether calls name their widget: by the legacy query's widget id, or by the current model's widget key. */
export function namesWidget(config: TransportConfig): boolean {
  return (config.query ? widgetIdOf(config.query) : null) !== null || isWidgetKey(config.access?.params[WIDGET_KEY_FIELD]);
}

/** What the settings calls need of a transport: the panel's caches GETs, the widget's does not. */
export interface SettingsSender {
  send<T>(call: Call<T>): Promise<T>;
  /** Forgets cached answers of a route, where there is a cache. */
  forget?(route: RouteName): void;
}

export function settingsCalls(transport: SettingsSender, config: TransportConfig): SettingsApi {
  return {
    loadUserModel: (options) =>
      transport.send({
        route: 'userModel',
        method: 'GET',
        parse: (json) => ({ model: parseUserModel(json), revision: readRevision(json) }),
        options,
      }),
    async deleteSettings(options) {
      if (!namesWidget(config)) throw refused('delete', 'missing_component', NO_COMPONENT_MESSAGE);
      await transport.send({ route: 'delete', method: 'DELETE', contentType: FORM_CONTENT_TYPE, parse: null, options });
      transport.forget?.('userModel');
    },
  };
}

/** The widget's client: each call is one request (the widget asks rarely, so nothing is cached). */
export function createWidgetApi(config: TransportConfig): SettingsApi {
  const { request } = createRequester(config);
  return settingsCalls({ send: (call) => request(call) }, config);
}
