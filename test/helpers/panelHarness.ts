/**
 * The settings panel as a test sees it: the real store and sagas, the real api client, and the
 * Mirage drive behind it. Only the editor (a recording bridge), cookies (a memory jar, unless a
 * test asks for the real one) and windows are stand-ins.
 */
import type { Server } from 'miragejs';
import type { Storage as PersistStorage } from 'redux-persist';
import { createApiClient } from '../../src/api/client';
import type { QueryValues } from '../../src/api/queryValues';
import type { BackendAccess, EditorBridge } from '../../src/editor/EditorBridge';
import { createRecordingBridge, type RecordingBridge, type RecordingBridgeOptions } from './recordingBridge';
import type { CookieJar } from '../../src/settings/services/cookies';
import { manualPageLifecycle } from './manualPageLifecycle';
import { memoryCookieJar } from './memoryCookieJar';
import { memoryPendingStore, type PendingChange } from '../../src/settings/services/pendingChange';
import type { OpenedWindow, WindowService } from '../../src/settings/services/windows';
import type { Language } from '../../src/i18n/languages';
import { setupStore, type RootState } from '../../src/settings/store';
import { uiActions } from '../../src/settings/model';
import { getRequestLog, makeServer, type LoggedRequest, type MockOptions } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { PANEL } from '../../mirage/testHelpers';

export { onFakeClock } from './fakeClock';
export type { RootState } from '../../src/settings/store';

export interface FakeWindow extends OpenedWindow {
  url: string;
  name: string;
  width: number;
  height: number;
  closed: boolean;
  close(): void;
}

export function fakeWindows(options: { blocked?: boolean } = {}) {
  const opened: FakeWindow[] = [];
  let reloads = 0;
  const service: WindowService = {
    open(url, name, width, height) {
      if (options.blocked) return null;
      const win: FakeWindow = {
        url,
        name,
        width,
        height,
        closed: false,
        focus() {},
        close() {
          this.closed = true;
        },
        navigate(next) {
          this.url = next;
        },
      };
      opened.push(win);
      return win;
    },
    reload() {
      reloads += 1;
    },
  };
  return { service, opened, reloads: () => reloads };
}

export function memoryPersistStorage(): PersistStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (k: string) => data.get(k) ?? null,
    setItem: async (k: string, v: string) => void data.set(k, v),
    removeItem: async (k: string) => void data.delete(k),
  };
}

export interface PanelHarnessOptions {
  mock?: MockOptions;
  query?: QueryValues;
  cookies?: CookieJar;
  embeddedUserModel?: unknown;
  blockWindows?: boolean;
  preloadedState?: Partial<RootState>;
  storage?: PersistStorage;
  /** The waits between save attempts (default: 5 ms doubling up to 20 ms). */
  saveBackoff?: { firstMs: number; maxMs: number };
  /** The jitter's randomness (default Math.random). */
  random?: () => number;
  /** The editor's language, as main.tsx resolves it (default English). */
  language?: Language;
  /** The editor's palette, presets, locale… as the recording bridge hands them out. */
  bridge?: RecordingBridgeOptions;
  /** Replaces bridge methods before the sagas start (e.g. an editor that fails to answer). */
  bridgeOverrides?: Partial<EditorBridge>;
  saveDebounceMs?: number;
  /** A change kept from an earlier visit. */
  pending?: PendingChange | null;
  /** Time limit of each request (default: the product's). */
  timeoutMs?: number;
  /** The current editor's widget key and access token (the bridge's `backendAccess`, which the api client sends). */
  access?: BackendAccess;
  /** The site's pending deletes the panel finishes at start, as main.tsx sends them. */
  finishPendingDeletes?: () => Promise<void>;
}

export function startPanel(options: PanelHarnessOptions = {}) {
  const server: Server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true, ...options.mock });
  const bridge: RecordingBridge = createRecordingBridge(options.bridge);
  Object.assign(bridge, options.bridgeOverrides, options.access ? { backendAccess: options.access } : {});
  const cookies = options.cookies ?? memoryCookieJar();
  const windows = fakeWindows({ blocked: options.blockWindows });
  const api = createApiClient({ query: options.query ?? PANEL, timeoutMs: options.timeoutMs, access: options.access });
  const pending = memoryPendingStore(options.pending ?? null);
  const lifecycle = manualPageLifecycle();
  const { store, persistor, task } = setupStore({
    services: {
      api,
      bridge,
      cookies,
      windows: windows.service,
      pending,
      lifecycle,
      embeddedUserModel: options.embeddedUserModel,
      finishPendingDeletes: options.finishPendingDeletes,
      pollIntervalMs: 5,
      saveDebounceMs: options.saveDebounceMs ?? 5,
      saveBackoff: options.saveBackoff ?? { firstMs: 5, maxMs: 20 },
      random: options.random,
    },
    storage: options.storage ?? memoryPersistStorage(),
    preloadedState: options.preloadedState,
  });
  if (options.language) store.dispatch(uiActions.languageResolved(options.language));
  const requests = (filter?: Partial<Pick<LoggedRequest, 'method' | 'path'>>) =>
    getRequestLog(server).filter((r) => (!filter?.method || r.method === filter.method) && (!filter?.path || r.path === filter.path));

  /** Waits until the state satisfies `predicate` (checked on every change), or fails after `ms`. */
  const until = (predicate: (s: RootState) => boolean, ms = 4000, what = 'state'): Promise<RootState> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const s = store.getState();
        if (predicate(s)) {
          cleanup();
          resolve(s);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `Timed out waiting for ${what}: ${JSON.stringify({ files: { status: store.getState().files.status, n: store.getState().files.items.length }, account: store.getState().account.status })}`,
          ),
        );
      }, ms);
      const unsubscribe = store.subscribe(check);
      const cleanup = () => {
        clearTimeout(timer);
        unsubscribe();
      };
      check();
    });

  /**
   * Under `jest.useFakeTimers()`: moves the clock on, `stepMs` at a time (timers and promises
   * run as they fall due), until the state satisfies `predicate`; fails once `ms` of clock time
   * passed. Resolves with the state and the clock time it took.
   */
  const advanceUntil = async (predicate: (s: RootState) => boolean, ms = 60_000, what = 'state', stepMs = 10) => {
    for (let elapsedMs = 0; ; elapsedMs += stepMs) {
      const state = store.getState();
      if (predicate(state)) return { state, elapsedMs };
      if (elapsedMs >= ms) throw new Error(`After ${ms} ms of clock time, still waiting for ${what}`);
      await jest.advanceTimersByTimeAsync(stepMs);
    }
  };

  const stop = () => {
    task?.cancel();
    persistor.pause();
    server.shutdown();
  };

  return { server, store, bridge, cookies, windows, api, pending, lifecycle, requests, until, advanceUntil, stop, dispatch: store.dispatch };
}

export type PanelHarness = ReturnType<typeof startPanel>;

/** Lets pending promises and zero-delay timers run. */
export const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms));
