/**
 * The api client: the only code that calls `fetch`. Every call carries the page's query values,
 * takes an AbortSignal, and checks the answer against its schema, so a malformed answer becomes
 * an ApiError here instead of a crash deeper in.
 */
import type { z } from 'zod/mini';
import { ApiError } from './ApiError';
import { queryValuesToParams, type QueryValues } from './queryValues';
import { MAX_RESULTS, ROUTES, type RouteName, type RouteTable } from './routes';
import {
  AboutSchema,
  FileListSchema,
  PermissionListSchema,
  PermissionSchema,
  UserModelSchema,
  type About,
  type FileList,
  type Permission,
  type PermissionList,
  type PublicRole,
  type UserModel,
} from './schemas';
import { buildUrl, formEncode, type ParamValue } from './url';
import { folderQuery } from '../drive/query';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Skip the GET cache and store the fresh answer (refresh). */
  fresh?: boolean;
}

export interface ListFilesArgs extends RequestOptions {
  folderId: string;
  pageToken?: string | null;
}

export interface ApiClient {
  loadUserModel(options?: RequestOptions): Promise<UserModel>;
  about(options?: RequestOptions): Promise<About>;
  listFiles(args: ListFilesArgs): Promise<FileList>;
  readPermissions(fileId: string, options?: RequestOptions): Promise<PermissionList>;
  insertPermission(fileId: string, role: Exclude<PublicRole, 'none'>, options?: RequestOptions): Promise<Permission>;
  deletePermission(fileId: string, options?: RequestOptions): Promise<void>;
  save(user: UserModel, options?: RequestOptions): Promise<void>;
  disconnect(options?: RequestOptions): Promise<void>;
  deleteSettings(options?: RequestOptions): Promise<void>;
  /** The authenticate route is opened in a popup window, not fetched. */
  authenticateUrl(): string;
  /** Forget every cached GET answer. */
  clearCache(): void;
}

export interface ApiClientConfig {
  query: QueryValues;
  routes?: RouteTable;
  /** Defaults to the global fetch, looked up at call time (so a mock server installed later is used). */
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'DELETE';

interface Call<S extends z.ZodMiniType | null> {
  route: RouteName;
  method: Method;
  params?: Record<string, ParamValue>;
  body?: string;
  contentType?: string;
  schema: S;
  options?: RequestOptions;
}

/** Sending calls: URLs, the GET cache, and turning every kind of failure into an ApiError. */
function createTransport(config: ApiClientConfig) {
  const routes = config.routes ?? ROUTES;
  const common = queryValuesToParams(config.query);
  const getCache = new Map<string, CacheEntry>();
  const doFetch = (input: string, init: RequestInit) => (config.fetch ?? globalThis.fetch)(input, init);

  const urlFor = (route: RouteName, params: Record<string, ParamValue> = {}) => buildUrl(routes[route], { ...common, ...params });

  async function send<S extends z.ZodMiniType | null>(call: Call<S>): Promise<S extends z.ZodMiniType ? z.output<S> : void> {
    const url = urlFor(call.route, call.params);
    const signal = call.options?.signal;
    if (signal?.aborted) throw aborted(call.route);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (call.contentType) headers['Content-Type'] = call.contentType;
    if (call.method !== 'GET') return request(call, url, headers, signal) as never;

    let entry = call.options?.fresh ? undefined : getCache.get(url);
    if (!entry) {
      const controller = new AbortController();
      const created: CacheEntry = { controller, waiters: 0, settled: false, promise: request(call, url, headers, controller.signal) };
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
    return waitFor(entry, signal, call.route, () => {
      if (getCache.get(url) === entry) getCache.delete(url);
    }) as never;
  }

  async function request<S extends z.ZodMiniType | null>(
    call: Call<S>,
    url: string,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, { method: call.method, headers, body: call.body, signal, credentials: 'same-origin' });
    } catch (e) {
      if (signal?.aborted) throw aborted(call.route);
      throw new ApiError('network', call.route, `No answer from the server: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (response.status === 401) throw await unauthorized(response, call.route);
    if (!response.ok) throw new ApiError('http', call.route, `The server answered ${response.status}.`, response.status);
    if (call.schema === null) return undefined;
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiError('malformed', call.route, 'The server answered with something that is not JSON.', response.status);
    }
    const parsed = call.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape';
      throw new ApiError('malformed', call.route, `Unexpected answer from ${call.route} (${where}).`, response.status);
    }
    return parsed.data;
  }

  function forget(route: RouteName, match?: (url: string) => boolean) {
    const prefix = routes[route];
    for (const key of [...getCache.keys()]) {
      if (key.startsWith(prefix) && (!match || match(key))) getCache.delete(key);
    }
  }

  return { send, urlFor, forget, clearCache: () => getCache.clear() };
}

const fileParam = (fileId: string) => (url: string) => new URL(url, 'http://x').searchParams.get('fileId') === fileId;

export function createApiClient(config: ApiClientConfig): ApiClient {
  const { send, urlFor, forget, clearCache } = createTransport(config);
  return {
    loadUserModel: (options) => send({ route: 'userModel', method: 'GET', schema: UserModelSchema, options }),
    about: (options) => send({ route: 'about', method: 'GET', schema: AboutSchema, options }),
    listFiles: ({ folderId, pageToken, ...options }) =>
      send({
        route: 'filesList',
        method: 'GET',
        params: { q: folderQuery(folderId), maxResults: MAX_RESULTS, pageToken: pageToken ?? undefined },
        schema: FileListSchema,
        options,
      }),
    readPermissions: (fileId, options) =>
      send({ route: 'permissionsList', method: 'GET', params: { fileId, fields: 'items(role, type)' }, schema: PermissionListSchema, options }),
    async insertPermission(fileId, role, options) {
      const result = await send({
        route: 'permissionsList',
        method: 'POST',
        body: JSON.stringify({ fileId, role, type: 'anyone' }),
        contentType: 'application/json',
        schema: PermissionSchema,
        options,
      });
      forget('permissionsList', fileParam(fileId));
      return result;
    },
    async deletePermission(fileId, options) {
      await send({ route: 'permissionsList', method: 'DELETE', params: { fileId, permissionId: 'anyone' }, schema: null, options });
      forget('permissionsList', fileParam(fileId));
    },
    async save(user, options) {
      await send({
        route: 'save',
        method: 'POST',
        body: formEncode({ user: JSON.stringify(user) }),
        contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
        schema: null,
        options,
      });
      forget('userModel');
    },
    async disconnect(options) {
      await send({ route: 'disconnect', method: 'POST', schema: null, options });
      clearCache();
    },
    async deleteSettings(options) {
      await send({
        route: 'delete',
        method: 'DELETE',
        contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
        schema: null,
        options,
      });
      forget('userModel');
    },
    authenticateUrl: () => urlFor('authenticate'),
    clearCache,
  };
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

/** A 401 is "not connected", or "connect again" when the server says the drive access ended. */
async function unauthorized(response: Response, route: RouteName): Promise<ApiError> {
  let reason: unknown = null;
  try {
    reason = ((await response.json()) as { error?: unknown } | null)?.error;
  } catch {
    // No JSON body: a plain 401.
  }
  return reason === 'reconnect_required'
    ? new ApiError('reconnect', route, 'Access to the drive has ended; connect it again.', 401)
    : new ApiError('unauthorized', route, 'No drive account is connected.', 401);
}

const aborted = (route: RouteName) => new ApiError('aborted', route, 'The request was cancelled.');

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
