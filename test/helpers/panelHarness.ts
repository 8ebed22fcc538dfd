/**
 * The settings panel as a test sees it: the real store and sagas, the real api client, and the
 * Mirage drive behind it. Only the editor (a recording bridge), cookies (a memory jar, unless a
 * test asks for the real one) and the panel's own window (for the window service) are stand-ins.
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
import { createWindowService, type WindowService } from '../../src/settings/services/windows';
import { CONNECT_TICKET_FIELD } from '../../src/contract/connectTicket';
import { connectCompletionMessage } from '../../src/contract/connectCompletion';
import { holdCompletion, takeConnectTicket } from '../../mirage/routes/connectTicket';
import type { Language } from '../../src/i18n/languages';
import { setupStore, type RootState } from '../../src/settings/store';
import { uiActions } from '../../src/settings/model';
import { getRequestLog, makeServer, type LoggedRequest, type MockOptions } from '../../mirage/server';
import { memoryStateStore, type StateStore } from '../../mirage/state';
import { PANEL } from '../../mirage/testHelpers';

export { onFakeClock } from './fakeClock';
export type { RootState } from '../../src/settings/store';

/** A window the panel opened, as a test drives it. */
export interface FakeWindow {
  url: string;
  name: string;
  width: number;
  height: number;
  closed: boolean;
  close(): void;
  /**
   * Plays the mock drive's sign-in page (mirage/authenticate.ts) on Allow: takes the window's
   * connect ticket, holds the grant for its widget and posts the completion code to the panel, as
   * the page does (from the panel's origin, this window the message's source).
   */
  allow(): void;
  /** Posts `data` to the panel as this window would; `from` changes the message's origin or source (another window). */
  post(data: unknown, from?: { origin?: string; source?: unknown }): void;
}

/** The origin of the panel's page in the tests. */
export const PANEL_ORIGIN = 'http://stage.test';

/**
 * The panel's windows: the product's window service (its message filter included) over a stand-in
 * of the panel's own window, whose `open` makes FakeWindows. `store` is the mock drive's state, which
 * `allow` writes as the sign-in page does.
 */
export function fakeWindows(options: { blocked?: boolean; store?: StateStore } = {}) {
  const opened: FakeWindow[] = [];
  const listeners = new Set<(event: MessageEvent) => void>();
  let reloads = 0;
  const deliver = (event: Partial<MessageEvent>) => {
    for (const listener of [...listeners]) listener(event as MessageEvent);
  };
  const popup = (url: string, name: string, features: string): FakeWindow => {
    const size = (field: string) => Number(new RegExp(`${field}=(\\d+)`).exec(features)?.[1] ?? NaN);
    const win: FakeWindow & { location: { replace(next: string): void }; focus(): void } = {
      url,
      name,
      width: size('width'),
      height: size('height'),
      closed: false,
      focus() {},
      close() {
        win.closed = true;
      },
      location: {
        replace(next) {
          win.url = next;
        },
      },
      post(data, from = {}) {
        deliver({ data, origin: from.origin ?? PANEL_ORIGIN, source: (from.source ?? win) as MessageEventSource });
      },
      allow() {
        if (!options.store) throw new Error('This panel has no mock drive state to allow into.');
        const ticket = takeConnectTicket(options.store, new URL(win.url, PANEL_ORIGIN).searchParams.get(CONNECT_TICKET_FIELD));
        if (!ticket) throw new Error(`The sign-in window has no valid ticket: ${win.url}`);
        win.post(connectCompletionMessage(holdCompletion(options.store, ticket)));
      },
    };
    return win;
  };
  const panelWindow = {
    location: {
      origin: PANEL_ORIGIN,
      reload() {
        reloads += 1;
      },
    },
    screenX: 0,
    screenY: 0,
    outerWidth: 1280,
    outerHeight: 800,
    get top() {
      return panelWindow;
    },
    open(url: string, name: string, features: string) {
      if (options.blocked) return null;
      const win = popup(url, name, features);
      opened.push(win);
      return win;
    },
    addEventListener(type: string, listener: (event: MessageEvent) => void) {
      if (type === 'message') listeners.add(listener);
    },
    removeEventListener(type: string, listener: (event: MessageEvent) => void) {
      if (type === 'message') listeners.delete(listener);
    },
  };
  const service: WindowService = createWindowService(panelWindow as unknown as Window);
  return { service, opened, reloads: () => reloads, listening: () => listeners.size };
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
  const mockState = options.mock?.stateStore ?? memoryStateStore();
  const server: Server = makeServer({ environment: 'test', connected: true, ...options.mock, stateStore: mockState });
  const bridge: RecordingBridge = createRecordingBridge(options.bridge);
  Object.assign(bridge, options.bridgeOverrides, options.access ? { backendAccess: options.access } : {});
  const cookies = options.cookies ?? memoryCookieJar();
  const windows = fakeWindows({ blocked: options.blockWindows, store: mockState });
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
