/**
 * The widget's behaviour without React: loads the user model (embedded template first, else the
 * backend), reloads it when the editor says settings were updated, and deletes the widget's
 * settings when the component is deleted.
 */
import type { ApiClient } from '../api/client';
import { toErrorInfo } from '../api/ApiError';
import { UserModelSchema, type UserModel } from '../api/schemas';
import type { EditorBridge, SiteColor, ViewMode } from '../editor/EditorBridge';
import { defaultColors } from '../editor/siteStyles';

export interface WidgetState {
  model: UserModel | null;
  /** The site palette colour references are drawn with; read again on every settings update. */
  palette: SiteColor[];
  error: string | null;
  viewMode: ViewMode;
  deleted: boolean;
}

export interface WidgetController {
  start(): () => void;
  subscribe(listener: (state: WidgetState) => void): () => void;
  getState(): WidgetState;
}

export function createWidgetController(api: ApiClient, bridge: EditorBridge, embedded: unknown): WidgetController {
  let state: WidgetState = { model: null, palette: defaultColors(), error: null, viewMode: bridge.viewMode(), deleted: false };
  const listeners = new Set<(s: WidgetState) => void>();
  const set = (next: Partial<WidgetState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  };
  let loading: AbortController | null = null;

  async function load(fresh: boolean) {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    try {
      const model = await api.loadUserModel({ signal: controller.signal, fresh });
      if (loading === controller) set({ model, error: null });
    } catch (e) {
      const info = toErrorInfo(e);
      if (info.code === 'aborted') return;
      if (loading === controller) set({ error: 'The file could not be loaded. It will show again once the connection is back.' });
    }
  }

  let stopped = false;
  async function loadPalette() {
    try {
      const palette = await bridge.siteColors();
      if (!stopped && palette.length > 0) set({ palette });
    } catch {
      // Keep the palette we have.
    }
  }

  /** The panel's live preview (`{type: 'preview', model}`) is drawn at once; anything else reloads. */
  function onSettingsUpdated(message: unknown) {
    void loadPalette();
    const preview = message as { type?: unknown; model?: unknown } | null;
    if (preview && typeof preview === 'object' && preview.type === 'preview') {
      const parsed = UserModelSchema.safeParse(preview.model);
      if (parsed.success) {
        loading?.abort();
        set({ model: parsed.data, error: null });
        return;
      }
    }
    void load(true);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      const parsed = embedded === undefined ? null : UserModelSchema.safeParse(embedded);
      if (parsed?.success) set({ model: parsed.data });
      else void load(false);
      void loadPalette();
      const offSettings = bridge.onSettingsUpdated(onSettingsUpdated);
      const offMode = bridge.onViewModeChanged((viewMode) => set({ viewMode }));
      const offDeleted = bridge.onComponentDeleted(() => {
        set({ deleted: true });
        void api.deleteSettings().catch(() => set({ error: 'The widget settings could not be removed.' }));
      });
      return () => {
        stopped = true;
        loading?.abort();
        offSettings();
        offMode();
        offDeleted();
      };
    },
  };
}
