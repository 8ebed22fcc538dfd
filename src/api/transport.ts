/**
 * The panel's transport: one request at a time through request.ts (query values, time limit,
 * error bodies, the caller's parser), plus a small cache by which identical GETs share one request.
 */
import { aborted, createRequester, type Call, type TransportConfig } from './request';
import type { RouteName } from './routes';
import type { ParamValue } from './url';

export { FORM_CONTENT_TYPE, type Call, type Method, type Parse, type RequestOptions, type TransportConfig } from './request';

export interface Transport {
  send<T>(call: Call<T>): Promise<T>;
  urlFor(route: RouteName, params?: Record<string, ParamValue>): string;
  /** Forgets cached GETs of a route (those whose URL passes `match`, when given). */
  forget(route: RouteName, match?: (url: string) => boolean): void;
  clearCache(): void;
}

export function createTransport(config: TransportConfig): Transport {
  const { requestAt, urlFor, routes } = createRequester(config);
  const getCache = new Map<string, CacheEntry>();

  function send<T>(call: Call<T>): Promise<T> {
    const url = urlFor(call.route, call.params);
    const signal = call.options?.signal;
    if (signal?.aborted) return Promise.reject(aborted(call.route));
    if (call.method !== 'GET') return requestAt(url, call, signal);

    let entry = call.options?.fresh ? undefined : getCache.get(url);
    if (!entry) {
      const controller = new AbortController();
      const created: CacheEntry = { controller, waiters: 0, settled: false, promise: requestAt(url, call, controller.signal) };
      created.promise.then(
        () => (created.settled = true),
        () => {
          created.settled = true;
          // A failed answer is not worth keeping.
          if (getCache.get(url) === created) getCache.delete(url);
        },
      );
      getCache.set(url, created);
      entry = created;
    }
    const shared = entry;
    return waitFor(shared, signal, call.route, () => {
      if (getCache.get(url) === shared) getCache.delete(url);
    }) as Promise<T>;
  }

  function forget(route: RouteName, match?: (url: string) => boolean) {
    const prefix = routes[route];
    for (const key of [...getCache.keys()]) {
      if (key.startsWith(prefix) && (!match || match(key))) getCache.delete(key);
    }
  }

  return { send, urlFor, forget, clearCache: () => getCache.clear() };
}

/**
 * A cached GET: one request shared by every caller that asks for the same URL. Each caller may
 * stop waiting with its own signal; the request itself is aborted only when no caller is left.
 */
interface CacheEntry {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
}

function waitFor(entry: CacheEntry, signal: AbortSignal | undefined, route: RouteName, evict: () => void): Promise<unknown> {
  entry.waiters += 1;
  // A caller without a signal waits to the end, so the shared request is never aborted under it.
  if (!signal) return entry.promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      entry.waiters -= 1;
      if (entry.waiters === 0 && !entry.settled) {
        entry.controller.abort();
        evict();
      }
      reject(aborted(route));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      entry.waiters -= 1;
    };
    entry.promise.then(
      (v) => {
        done();
        resolve(v);
      },
      (e) => {
        done();
        reject(e);
      },
    );
  });
}
