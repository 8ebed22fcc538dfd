/**
 * The platform's private editor API, as far as `@wix/editor` reaches it from our panel
 * (platform-notes, "Offline test host"), played over a real custom element: the panel's
 * getProp / setProp are the element's getAttribute / setAttribute. The local stage's current-editor
 * mode hands it to the panel's frame through `IFrameHostEndpoint`; unit tests inject it in-process
 * through `@wix/editor-platform-contexts`.
 */
import { MOCK_APP_ID } from '../../mirage/fakeTokenInfo';

export const STAGE_APP_ID = MOCK_APP_ID;
export const STAGE_META_SITE_ID = 'meta-site-local';

export interface EditorPlatformOptions {
  /** The selected component: the element the panel edits (null: none is selected). */
  element(): Element | null;
  language?: string;
  viewMode?: string;
  /** The theme's custom properties (`color_N` → `{value}`), as `info.getThemeCustomProperties` answers. */
  theme?: () => Record<string, { type: string; value: string; displayName: string }>;
  /** The access token for the app and site, as `auth.getAccessToken` answers. */
  accessToken(appId: string, metaSiteId: string): { token: string; expires: string };
  /** The editor's colour picker: answers with the picked colour through `onPicked`. */
  pickColor?(current: string | undefined, onPicked: (picked: { color?: string; theme?: string; cssVariableTheme?: string }) => void): Promise<void>;
  /** The editor's font picker (`openFontPickerV2`): opens on the font `@wix/editor` hands it, answers through `onPicked`. */
  pickFont?(current: EditorPickerFont, onPicked: (picked: PickedFont) => void): Promise<void>;
}

/** The font the editor's picker opens on (`componentStyle` of `openFontPickerV2`). */
export interface EditorPickerFont {
  family?: string;
  size?: number;
  style?: { bold?: boolean; italic?: boolean; underline?: boolean };
  editorKey?: string;
}

/** What the editor's font picker answers: a theme font carries its CSS variable (`--font_N`). */
export interface PickedFont {
  family: string;
  size: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  cssVariableName?: string;
}

const COMPONENT_REF = { id: 'comp-current-1', type: 'DESKTOP' };

function selected(options: EditorPlatformOptions): Element {
  const element = options.element();
  if (!element) throw new Error('No component is selected.');
  return element;
}

/** The private API object `@wix/editor` calls (every member returns a promise, as over the transport). */
export function createEditorPlatformApi(options: EditorPlatformOptions) {
  return {
    components: {
      getSelectedComponents: async () => (options.element() ? [COMPONENT_REF] : []),
      getComponent: async () => COMPONENT_REF,
    },
    refComponents: { isRefComponent: async () => false },
    customElement: {
      getAttribute: async (_ref: unknown, name: string) => selected(options).getAttribute(name) ?? '',
      setAttribute: async (_ref: unknown, name: string, value: string) => selected(options).setAttribute(name, value),
      setPreloadFonts: async () => undefined,
    },
    inputs: {
      openColorPicker: async ({ color }: { color?: string }, onPicked: (picked: { color?: string; theme?: string; cssVariableTheme?: string }) => void) =>
        options.pickColor?.(color, onPicked),
      openFontPickerV2: async ({ componentStyle }: { componentStyle: EditorPickerFont }, onPicked: (picked: PickedFont) => void) =>
        options.pickFont?.(componentStyle, onPicked),
    },
    info: {
      getViewMode: async () => options.viewMode ?? 'editor',
      getLanguageCode: async () => options.language ?? 'en',
      getThemeCustomProperties: async () => options.theme?.() ?? {},
      getSiteFonts: async () => ({}),
      getMetaSiteId: async () => STAGE_META_SITE_ID,
    },
    auth: { getAccessToken: async (appId: string, metaSiteId: string) => options.accessToken(appId, metaSiteId) },
  };
}
