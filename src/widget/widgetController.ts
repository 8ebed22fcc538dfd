/**
 * The widget's behaviour without React: loads the user model (embedded template first, else the
 * backend), reloads it when the editor says settings were updated, and deletes the widget's
 * settings when the component is deleted.
 */
import type { ApiClient } from '../api/client';
import { toErrorInfo } from '../api/ApiError';
import { UserModelSchema, type UserModel } from '../api/schemas';
import type { EditorBridge, ViewMode } from '../editor/EditorBridge';

/** What went wrong, as a code: the view turns it into words in the owner's language. */
export type WidgetError = 'loadFailed' | 'deleteFailed';

export interface WidgetState {
  model: UserModel | null;
  error: WidgetError | null;
  viewMode: ViewMode;
  deleted: boolean;
}

export interface WidgetController {
  start(): () => void;
  subscribe(listener: (state: WidgetState) => void): () => void;
  getState(): WidgetState;
}

export function createWidgetController(api: ApiClient, bridge: EditorBridge, embedded: unknown): WidgetController {
  let state: WidgetState = { model: null, error: null, viewMode: bridge.viewMode(), deleted: false };
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
      if (loading === controller) set({ error: 'loadFailed' });
    }
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
      const offSettings = bridge.onSettingsUpdated(() => void load(true));
      const offMode = bridge.onViewModeChanged((viewMode) => set({ viewMode }));
      const offDeleted = bridge.onComponentDeleted(() => {
        set({ deleted: true });
        void api.deleteSettings().catch(() => set({ error: 'deleteFailed' }));
      });
      return () => {
        loading?.abort();
        offSettings();
        offMode();
        offDeleted();
      };
    },
  };
}
