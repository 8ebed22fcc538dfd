/**
 * The widget's behaviour without React: loads the user model (embedded template first, else the
 * backend), reloads it when the editor says settings were updated, and deletes the widget's
 * settings when the component is deleted: sent with `keepalive`, so it reaches the server even when
 * the frame is removed at once; retried while the frame lives, and every failure logged. What never
 * arrives is kept as a pending delete of the site, which the next page of ours in the editor of the
 * same site (another widget, the panel) finishes; failing that, the server removes it on its own
 * schedule (server/src/sweep).
 */
import { parseUserModel } from '../api/parseUserModel';
import type { UserModel } from '../contract/userModel';
import type { SettingsApi } from '../api/widgetClient';
import type { EditorBridge, SiteColor, ViewMode } from '../editor/EditorBridge';
import { isRecord } from '../contract/record';
import type { WidgetError } from './widgetContent';

export interface WidgetControllerOptions {
  /** Waits before each retry of a failed delete (default: DELETE_RETRY_DELAYS_MS of deleteWithRetry.ts). */
  deleteRetryDelaysMs?: readonly number[];
  /** The page's query string, naming its site and widget for pending deletes (default: the page's own). */
  search?: string;
  /** Where failures are logged (default: the console). */
  log?: Pick<Console, 'warn' | 'error'>;
}

export interface WidgetState {
  model: UserModel | null;
  /**
   * The site palette colour references are drawn with; read again on every settings update. null
   * until the editor or site has answered: the model's saved colours are drawn meanwhile.
   */
  palette: SiteColor[] | null;
  error: WidgetError | null;
  viewMode: ViewMode;
  deleted: boolean;
}

export interface WidgetController {
  start(): () => void;
  subscribe(listener: (state: WidgetState) => void): () => void;
  getState(): WidgetState;
  /** The page's language (the editor's or site's). */
  readonly locale: string;
}

/** The page's query string: the caller's, else the page's own. */
const pageSearch = (options: WidgetControllerOptions) => options.search ?? window.location.search;

type WidgetCalls = typeof import('./widgetCalls');

/** The deleted widget's own settings, kept as a pending delete of its site until done. */
function removeOwnSettings(
  calls: Promise<WidgetCalls>,
  apiOf: (m: WidgetCalls) => SettingsApi,
  options: WidgetControllerOptions,
  log: Pick<Console, 'warn' | 'error'>,
): void {
  // The editor's page has the calls already (ownerPage.ts): the delete leaves in this very task.
  void calls.then(
    (m) => m.deleteWithRetry(apiOf(m), options.deleteRetryDelaysMs ?? m.DELETE_RETRY_DELAYS_MS, log, m.keptDeleteOf(pageSearch(options))),
    (e: unknown) => log.error(`Drive File Widget: the deleted widget's settings could not be removed (its client did not load): ${String(e)}`),
  );
}

/** In the editor: the deletes other widgets of the site did not live to finish (never this widget's own). */
async function finishPending(
  calls: () => Promise<WidgetCalls>,
  search: string,
  delays: readonly number[] | undefined,
  log: Pick<Console, 'warn' | 'error'>,
): Promise<void> {
  try {
    const m = await calls();
    await m.finishSitePendingDeletes(search, delays ?? m.DELETE_RETRY_DELAYS_MS, log);
  } catch (e) {
    log.warn(`Drive File Widget: the site's pending deletes could not be sent: ${String(e)}`);
  }
}

/** `api`: the settings calls; null for the page's own (widgetCalls.ts). */
export function createWidgetController(
  api: SettingsApi | null,
  bridge: EditorBridge,
  embedded: unknown,
  options: WidgetControllerOptions = {},
): WidgetController {
  const log = options.log ?? console;
  let state: WidgetState = { model: null, palette: null, error: null, viewMode: bridge.viewMode(), deleted: false };
  const listeners = new Set<(s: WidgetState) => void>();
  const set = (next: Partial<WidgetState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  };
  let loading: AbortController | null = null;

  /** The calls to the server, fetched on first use (widgetCalls.ts); `api` when the caller gave one. */
  const calls = () => import(/* webpackChunkName: "settings-client" */ './widgetCalls');
  const apiOf = (m: Awaited<ReturnType<typeof calls>>) => api ?? m.pageSettingsApi();

  async function load(fresh: boolean) {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    const answer = await calls().then(
      (m) => m.loadModel(apiOf(m), { signal: controller.signal, fresh }, log),
      (e: unknown) => {
        log.warn(`Drive File Widget: the settings could not be loaded (its client did not load): ${String(e)}`);
        return 'failed' as const;
      },
    );
    if (answer === 'aborted' || loading !== controller) return;
    set(answer === 'failed' ? { error: 'loadFailed' } : { model: answer, error: null });
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
      if (isRecord(preview.model)) {
        loading?.abort();
        set({ model: parseUserModel(preview.model, 'the panel'), error: null });
        return;
      }
    }
    void load(true);
  }

  return {
    locale: bridge.locale(),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (isRecord(embedded)) set({ model: parseUserModel(embedded, 'the page') });
      else void load(false);
      void loadPalette();
      if (bridge.viewMode() === 'editor') void finishPending(calls, pageSearch(options), options.deleteRetryDelaysMs, log);
      const offSettings = bridge.onSettingsUpdated(onSettingsUpdated);
      const offMode = bridge.onViewModeChanged((viewMode) => set({ viewMode }));
      const offDeleted = bridge.onComponentDeleted(() => {
        set({ deleted: true });
        removeOwnSettings(calls(), apiOf, options, log);
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
