/**
 * EditorBridge in the platform's current editor, on `@wix/editor` and `@wix/sdk` (a chunk of its
 * own: createBridge.ts fetches it only for a panel framed by that editor). The panel draws the
 * widget by writing the element's attributes (`widget.setProp`, the contract's
 * elementAttributes.ts); the widget key is read from, or on first open written to, the element; the
 * access token goes with every call to our server. Every call to the editor has a time limit, and
 * a failed one is said in the console, with the defaults used in its place.
 */
import { createClient } from '@wix/sdk';
import { editor, info, inputs, widget } from '@wix/editor';
import type { BackendAccess, EditorBridge } from './EditorBridge';
import { createWidgetKey, isWidgetKey, WIDGET_KEY_FIELD } from '../contract/widgetKey';
import { ELEMENT_ATTRIBUTES } from '../contract/elementAttributes';
import { createAttributeWriter } from './attributeWriter';
import { themeColors } from './themeColors';
import { defaultPresets, toViewMode } from './siteStyles';
import { defaultColors } from './sitePalette';
import { withTimeLimit } from './timeLimit';
import { colorFromCss, colorToCss } from './editorColor';
import { fontFromCss, fontToCss, type EditorFont } from './editorFont';

/** The members of `@wix/editor` this adapter calls, so a test or the stage can play them. */
export interface CurrentEditorClient {
  widget: { getProp(name: string): Promise<string>; setProp(name: string, value: string): Promise<void> };
  inputs: { selectColor(value?: string | null): Promise<string>; selectFont(value?: EditorFont): Promise<unknown> };
  info: {
    getLanguageCode(): Promise<unknown>;
    getViewMode(): Promise<unknown>;
    getThemeCustomProperties(filter: { keys?: string[] }): Promise<Record<string, unknown>>;
  };
  auth: { getAuthHeaders(): Promise<{ headers: Record<string, string> }> };
}

export const EDITOR_CALL_TIMEOUT_MS = 8000;

export function createCurrentEditorClient(): CurrentEditorClient {
  const client = createClient({ host: editor.host(), auth: editor.auth(), modules: { widget, inputs, info } });
  return { widget: client.widget, inputs: client.inputs, info: client.info, auth: editor.auth() };
}

const warn = (what: string) => (error: unknown) => {
  console.warn(`Editor bridge: ${what} (${error instanceof Error ? error.message : String(error)}).`);
  return undefined;
};

/** The widget's key: the element's, or a new one written to it on first open. */
async function widgetKeyOf(client: CurrentEditorClient, timeoutMs: number): Promise<string> {
  const stored = await withTimeLimit(client.widget.getProp(ELEMENT_ATTRIBUTES.widgetKey), timeoutMs).catch(warn('the widget key could not be read'));
  if (isWidgetKey(stored)) return stored;
  const key = createWidgetKey();
  await withTimeLimit(client.widget.setProp(ELEMENT_ATTRIBUTES.widgetKey, key), timeoutMs).catch(warn('the widget key could not be stored'));
  return key;
}

function backendAccess(client: CurrentEditorClient, widgetKey: string, timeoutMs: number): BackendAccess {
  return {
    params: { [WIDGET_KEY_FIELD]: widgetKey },
    headers: async () => {
      const { headers } = await withTimeLimit(client.auth.getAuthHeaders(), timeoutMs);
      const token = headers.Authorization;
      if (typeof token !== 'string' || token === '') throw new Error('The editor gave no access token.');
      return { Authorization: token };
    },
  };
}

export async function createCurrentEditorBridge(
  client: CurrentEditorClient = createCurrentEditorClient(),
  timeoutMs = EDITOR_CALL_TIMEOUT_MS,
): Promise<EditorBridge> {
  const [language, mode, widgetKey] = await Promise.all([
    withTimeLimit(client.info.getLanguageCode(), timeoutMs).catch(warn("the editor's language is unknown; English is used")),
    withTimeLimit(client.info.getViewMode(), timeoutMs).catch(warn("the editor's view mode is unknown")),
    widgetKeyOf(client, timeoutMs),
  ]);
  const locale = typeof language === 'string' && /^[a-z]{2}(-[a-z]{2})?$/i.test(language) ? language.toLowerCase() : 'en';
  const viewMode = toViewMode(mode) ?? 'editor';
  const writer = createAttributeWriter((name, value) => withTimeLimit(client.widget.setProp(name, value), timeoutMs));
  const none = () => () => {};
  return {
    settingsUpdated: (message) => writer.write(message),
    onSettingsUpdated: none,
    onComponentDeleted: none,
    onViewModeChanged: none,
    siteTextPresets: () => Promise.resolve(defaultPresets()),
    siteColors: () =>
      withTimeLimit(client.info.getThemeCustomProperties({}), timeoutMs)
        .then((properties) => themeColors(properties) ?? defaultColors())
        .catch((error: unknown) => (warn("the site's colours are unknown; the default palette is used")(error), defaultColors())),
    locale: () => locale,
    viewMode: () => viewMode,
    // The owner takes their time in the picker: no time limit, but a failure is said and nothing changes.
    pickColor: (current, palette) =>
      client.inputs.selectColor(colorToCss(current, palette)).then(colorFromCss, (error: unknown) => (warn("the editor's colour picker failed")(error), null)),
    // The site's fonts are the editor's to offer: its picker replaces the panel's own (Wix.Styles' text presets in the legacy editor).
    pickFont: (current, presets) =>
      client.inputs.selectFont(fontToCss(current, presets)).then(
        (answer) =>
          fontFromCss(answer, presets) ??
          (console.warn("Editor bridge: the editor's font picker answered a font the widget cannot keep; the font stays."), null),
        (error: unknown) => (warn("the editor's font picker failed")(error), null),
      ),
    elementContent: {
      read: () => withTimeLimit(client.widget.getProp(ELEMENT_ATTRIBUTES.content), timeoutMs).then((value) => (typeof value === 'string' ? value : '')),
      write: (value) => withTimeLimit(client.widget.setProp(ELEMENT_ATTRIBUTES.content, value), timeoutMs),
    },
    backendAccess: backendAccess(client, widgetKey, timeoutMs),
  };
}
