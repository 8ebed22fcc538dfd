/**
 * One request to the backend, the only place that calls `fetch`. Every call carries the page's
 * query values, takes an AbortSignal, has a time limit (REQUEST_TIMEOUT_MS: a stalled request
 * becomes a `timeout` error like any other), and checks the answer with the caller's parser, so a
 * malformed answer becomes an ApiError here instead of a crash deeper in.
 *
 * No schema library and no cache here: this is all the widget's small client (widgetClient.ts)
 * needs. The panel's transport (transport.ts) adds a shared GET cache on top.
 */
import { ApiError, type ApiErrorCode } from './ApiError';
import { settingOf } from '../contract/issues';
import { parseRetryAfter, RETRY_AFTER_HEADER } from '../contract/retryAfter';
import { queryValuesToParams, type QueryValues } from './queryValues';
import { REQUEST_TIMEOUT_MS, ROUTES, type RouteName, type RouteTable } from './routes';
import { buildUrl, type ParamValue } from './url';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Skip the GET cache and store the fresh answer (refresh). */
  fresh?: boolean;
  /** Let the request outlive the page (sent while the page is being hidden or unloaded). */
  keepalive?: boolean;
}

export interface TransportConfig {
  /** The page's query values, carried by every call; none for a caller outside the platform's pages (the custom element's content). */
  query?: QueryValues;
  routes?: RouteTable;
  /** Defaults to the global fetch, looked up at call time (so a mock server installed later is used). */
  fetch?: typeof fetch;
  /** Time limit of each request, in ms (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** How the editor's current model names the caller (a widget key, an access token); none for the legacy model. */
  access?: RequestAccess;
}

/** What the platform's current model adds to every call: query fields, and headers asked for per call. */
export interface RequestAccess {
  params: Record<string, string>;
  /** Asked for each call (a token may have been renewed); within the call's time limit. */
  headers(): Promise<Record<string, string>>;
}

export type Method = 'GET' | 'POST' | 'DELETE';

/** Turns the answer's JSON into a value, or throws an Error whose message says what is wrong. */
export type Parse<T> = (json: unknown) => T;

export interface Call<T> {
  route: RouteName;
  method: Method;
  params?: Record<string, ParamValue>;
  body?: string;
  contentType?: string;
  /** Null: the answer's body is not read. */
  parse: Parse<T> | null;
  options?: RequestOptions;
}

export interface Requester {
  /** Sends one request (GETs included: nothing is cached here). */
  request<T>(call: Call<T>, signal?: AbortSignal): Promise<T>;
  /**
   * Sends one request to `url`, the call's own (from `urlFor`), for a caller that built it and
   * checked `signal` already: the time limit, the error bodies and the parser, as `request`.
   */
  requestAt<T>(url: string, call: Call<T>, signal?: AbortSignal): Promise<T>;
  urlFor(route: RouteName, params?: Record<string, ParamValue>): string;
  /** The route table in use (`config.routes`, or ROUTES). */
  routes: RouteTable;
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded; charset=UTF-8';

export function createRequester(config: TransportConfig): Requester {
  const routes = config.routes ?? ROUTES;
  const common = { ...(config.query && queryValuesToParams(config.query)), ...config.access?.params };
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const doFetch = (input: string, init: RequestInit) => (config.fetch ?? globalThis.fetch)(input, init);

  const urlFor = (route: RouteName, params: Record<string, ParamValue> = {}) => buildUrl(routes[route], { ...common, ...params });

  async function request<T>(call: Call<T>, signal = call.options?.signal): Promise<T> {
    const url = urlFor(call.route, call.params);
    if (signal?.aborted) throw aborted(call.route);
    return requestAt(url, call, signal);
  }

  async function requestAt<T>(url: string, call: Call<T>, signal = call.options?.signal): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (call.contentType) headers['Content-Type'] = call.contentType;
    const limit = withTimeLimit(signal, timeoutMs);
    try {
      const init: RequestInit = { method: call.method, headers, body: call.body, signal: limit.signal, credentials: 'same-origin' };
      if (call.options?.keepalive) init.keepalive = true;
      let response: Response;
      try {
        if (config.access) Object.assign(headers, await untilAborted(config.access.headers(), limit.signal));
        response = await doFetch(url, init);
      } catch (e) {
        throw limit.timedOut() ? timedOut(call.route, timeoutMs) : signal?.aborted ? aborted(call.route) : noAnswer(call.route, e);
      }
      try {
        // The body may stall after the headers: the time limit (or the caller) ends the wait too.
        return await untilAborted(readAnswer(call, response), limit.signal);
      } catch (e) {
        if (limit.timedOut()) throw timedOut(call.route, timeoutMs);
        if (signal?.aborted) throw aborted(call.route);
        throw e;
      }
    } finally {
      limit.dispose();
    }
  }

  return { request, requestAt, urlFor, routes };
}

async function readAnswer<T>(call: Call<T>, response: Response): Promise<T> {
  if (!response.ok) throw await errorFromAnswer(call.route, response);
  if (call.parse === null) return undefined as T;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError('malformed', call.route, 'The server answered with something that is not JSON.', response.status);
  }
  try {
    return call.parse(json);
  } catch (e) {
    const what = e instanceof Error ? e.message : 'unexpected shape';
    throw new ApiError('malformed', call.route, `Unexpected answer from ${call.route} (${what}).`, response.status);
  }
}

/** The server's error body is JSON `{error, message}` (and `revision` for a stale save). */
async function errorFromAnswer(route: RouteName, response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const json: unknown = await response.json();
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) body = json as Record<string, unknown>;
  } catch {
    // An error page that is not JSON: the status says enough.
  }
  const serverCode = typeof body.error === 'string' ? body.error : null;
  const serverMessage = typeof body.message === 'string' ? body.message : null;
  const status = response.status;
  const code = errorCode(status, serverCode);
  // The server's own words when it named the problem; otherwise the status says what happened.
  const message = code !== 'http' && serverMessage ? serverMessage : `The server answered ${status}${serverMessage ? `: ${serverMessage}` : ''}.`;
  const revision = typeof body.revision === 'number' ? body.revision : null;
  const field = settingOf(body.field);
  const retryAfterMs = parseRetryAfter(response.headers.get(RETRY_AFTER_HEADER), Date.now());
  return new ApiError(code, route, message, status, { serverCode, revision, field, retryAfterMs });
}

/** 401: no drive account, or (`reconnect_required`) its access ended; 409 `stale_revision`: a save on an old revision. */
function errorCode(status: number, serverCode: string | null): ApiErrorCode {
  if (status === 401) return serverCode === 'reconnect_required' ? 'reconnect' : 'unauthorized';
  return status === 409 && serverCode === 'stale_revision' ? 'stale' : 'http';
}

export const aborted = (route: RouteName) => new ApiError('aborted', route, 'The request was cancelled.');
const timedOut = (route: RouteName, ms: number) => new ApiError('timeout', route, `The server did not answer within ${Math.round(ms / 1000)} seconds.`);
const noAnswer = (route: RouteName, e: unknown) => new ApiError('network', route, `No answer from the server: ${e instanceof Error ? e.message : String(e)}`);

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined); // its outcome no longer matters
    return Promise.reject(new Error('aborted'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A signal that aborts when the caller's does or when the time is up. */
function withTimeLimit(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let expired = false;
  const onAbort = () => controller.abort();
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}
