/**
 * A Mirage JS server standing in for the backend, over a seeded drive (drive.ts).
 *
 *   const server = makeServer({ environment: 'test', latencyMs: 0, failureRate: 0 });
 *   setMockSwitches(server, { latencyMs: 300, failureRate: 0.2, connected: false });
 *   getMockSwitches(server);   // the switches in effect
 *   getRequestLog(server);     // every request the mock answered, with its status
 *   server.shutdown();
 *
 * Switches
 * - latencyMs: delay of every answer. failureRate (0..1): share of requests answered
 *   503 {error:'unavailable'}, decided by `random() < failureRate`.
 * - In the 'development' environment (the browser) the localStorage keys `mirage:latencyMs` and
 *   `mirage:failureRate` are read on every request and, when they hold a number, win over the
 *   options, so a dev page can flip them without a reload.
 * - connected: kept in the state store; the option, when given, is written there at start-up.
 * - grantEnded: the owner removed access in their drive account; drive requests answer
 *   401 {error:'reconnect_required'} until the owner connects again or disconnects.
 *
 * State: the connected flag, saved user models and changed permissions live in a StateStore
 * (state.ts), loaded on every request and saved after every change, so two frames sharing a store
 * (localStorage) see each other's changes. Default store: localStorage in 'development' when
 * available, memory otherwise.
 *
 * HTTP contract: the paths of ROUTES (src/api/routes.ts) except `authenticate`, which is a page
 * (see authenticate.ts). Every other request passes through to the network.
 */
import { createServer, Response, type Server, type Request } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import type { About, FileList, Permission, PermissionList } from '../src/api/schemas';
import { avatarDataUri, getDrive, ME, toApiFile, type ApiFile } from './drive';
import { decodeInstance, settingsKey, type DecodedInstance } from './instance';
import { compileQuery, QuerySyntaxError, type QueryableFile } from './query';
import { localStorageStateStore, memoryStateStore, type AnyoneRole, type MockState, type StateStore } from './state';

export interface MockOptions {
  environment?: 'development' | 'test';
  latencyMs?: number;
  failureRate?: number;
  /** When given, written to the state store at start-up. */
  connected?: boolean;
  stateStore?: StateStore;
  random?: () => number;
  /** Mirage's console logging (default: on in development, off in test). */
  logging?: boolean;
}

export interface MockSwitches {
  latencyMs: number;
  failureRate: number;
}

export interface LoggedRequest {
  method: string;
  /** Path without the query string, e.g. '/api/files'. */
  path: string;
  query: Record<string, string>;
  status: number;
  /** The settings key the request was made for (instanceId:compId). */
  key: string;
}

export const LATENCY_STORAGE_KEY = 'mirage:latencyMs';
export const FAILURE_RATE_STORAGE_KEY = 'mirage:failureRate';
/** Drive v2's page size when maxResults is absent. */
export const DEFAULT_MAX_RESULTS = 100;
const REQUEST_LOG_LIMIT = 2000;

interface Controls {
  switches: MockSwitches;
  readLocalStorage: boolean;
  store: StateStore;
  random: () => number;
  log: LoggedRequest[];
}

const controlsByServer = new WeakMap<Server, Controls>();

function controlsOf(server: Server): Controls {
  const controls = controlsByServer.get(server);
  if (!controls) throw new Error('Not a server made by makeServer');
  return controls;
}

function clampRate(rate: number): number {
  return Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 0;
}

function clampLatency(ms: number): number {
  return Number.isFinite(ms) ? Math.max(0, ms) : 0;
}

function readStoredNumber(key: string): number | null {
  try {
    const raw = typeof window !== 'undefined' ? window.localStorage.getItem(key) : null;
    if (raw === null || raw.trim() === '') return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function effectiveSwitches(controls: Controls): MockSwitches {
  const { latencyMs, failureRate } = controls.switches;
  if (!controls.readLocalStorage) return { latencyMs, failureRate };
  const storedLatency = readStoredNumber(LATENCY_STORAGE_KEY);
  const storedRate = readStoredNumber(FAILURE_RATE_STORAGE_KEY);
  return {
    latencyMs: storedLatency === null ? latencyMs : clampLatency(storedLatency),
    failureRate: storedRate === null ? failureRate : clampRate(storedRate),
  };
}

/** Changes switches at run time. `connected` is written to the state store. */
export function setMockSwitches(server: Server, switches: Partial<MockSwitches> & { connected?: boolean; grantEnded?: boolean }): void {
  const controls = controlsOf(server);
  if (switches.latencyMs !== undefined) controls.switches.latencyMs = clampLatency(switches.latencyMs);
  if (switches.failureRate !== undefined) controls.switches.failureRate = clampRate(switches.failureRate);
  if (switches.connected !== undefined || switches.grantEnded !== undefined) {
    const state = controls.store.load();
    if (switches.connected !== undefined) state.connected = switches.connected;
    if (switches.grantEnded !== undefined) state.grantEnded = switches.grantEnded;
    controls.store.save(state);
  }
}

/** The switches in effect (localStorage overrides included). */
export function getMockSwitches(server: Server): MockSwitches & { connected: boolean } {
  const controls = controlsOf(server);
  return { ...effectiveSwitches(controls), connected: controls.store.load().connected };
}

/** Every request the mock answered, oldest first (the latest 2,000). */
export function getRequestLog(server: Server): readonly LoggedRequest[] {
  return controlsOf(server).log;
}

export function getStateStore(server: Server): StateStore {
  return controlsOf(server).store;
}

// ---------------------------------------------------------------------------------------------
// Request handling

interface Reply {
  status: number;
  body?: unknown;
}

interface Context {
  query: URLSearchParams;
  rawBody: unknown;
  instance: DecodedInstance;
  key: string;
  state: MockState;
  /** Saves the (changed) state to the store. */
  commit(): void;
}

const json = (status: number, body?: unknown): Reply => ({ status, body });
const noContent = (): Reply => ({ status: 204 });
const forbidden = () => json(403, { error: 'forbidden' });
const notConnected = () => json(401, { error: 'not_connected' });

/** The 401 a drive route answers when no grant is usable; null when the drive may be used. */
function driveDenied(ctx: Context): Reply | null {
  if (ctx.state.grantEnded) return json(401, { error: 'reconnect_required', message: 'Access to the drive has ended: connect it again.' });
  return ctx.state.connected ? null : notConnected();
}
const notFound = (message: string) => json(404, { error: 'not_found', message });

function requestUrl(request: Request): URL {
  const base = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
  return new URL(request.url, base);
}

function nullable(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

function readForm(body: unknown): URLSearchParams {
  if (typeof body === 'string') return new URLSearchParams(body);
  if (body instanceof URLSearchParams) return new URLSearchParams(body);
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const form = new URLSearchParams();
    body.forEach((value, name) => {
      if (typeof value === 'string') form.append(name, value);
    });
    return form;
  }
  return new URLSearchParams();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON body, or (when the body is form-encoded) its fields. Null when unreadable. */
function readJsonBody(body: unknown): Record<string, unknown> | null {
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      return isPlainObject(parsed) ? parsed : null;
    } catch {
      return body.includes('=') ? Object.fromEntries(readForm(body)) : null;
    }
  }
  if (body instanceof URLSearchParams || (typeof FormData !== 'undefined' && body instanceof FormData)) {
    return Object.fromEntries(readForm(body));
  }
  return null;
}

// Files -----------------------------------------------------------------------------------------

function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Tokens are opaque to the client: the next offset, bound to the query they came from. */
function encodePageToken(offset: number, q: string): string {
  return btoa(JSON.stringify({ o: offset, h: hashText(q) })).replace(/=+$/, '');
}

function decodePageToken(token: string, q: string): number | null {
  try {
    const padded = token + '='.repeat((4 - (token.length % 4)) % 4);
    const data: unknown = JSON.parse(atob(padded));
    if (!isPlainObject(data)) return null;
    const { o, h } = data;
    if (typeof o !== 'number' || !Number.isInteger(o) || o <= 0 || h !== hashText(q)) return null;
    return o;
  } catch {
    return null;
  }
}

function listFiles(ctx: Context): Reply {
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const q = ctx.query.get('q') ?? '';
  let matches: (file: QueryableFile) => boolean;
  try {
    matches = q.trim() === '' ? () => true : compileQuery(q);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return json(400, { error: 'invalid_query', message: error.message });
    throw error;
  }

  const rawMax = ctx.query.get('maxResults');
  let maxResults = DEFAULT_MAX_RESULTS;
  if (rawMax !== null && rawMax !== '') {
    const n = Number(rawMax);
    if (!Number.isFinite(n)) return json(400, { error: 'invalid_max_results', message: `maxResults must be a number, got "${rawMax}"` });
    maxResults = Math.min(1000, Math.max(1, Math.floor(n)));
  }

  const items = getDrive().files.filter(matches);
  let offset = 0;
  const token = ctx.query.get('pageToken');
  if (token !== null && token !== '') {
    const decoded = decodePageToken(token, q);
    if (decoded === null || decoded >= items.length) {
      return json(400, { error: 'invalid_page_token', message: 'The page token is not valid for this query' });
    }
    offset = decoded;
  }

  const end = offset + maxResults;
  const body: FileList & { items: ApiFile[] } = { items: items.slice(offset, end).map(toApiFile) };
  if (end < items.length) body.nextPageToken = encodePageToken(end, q);
  return json(200, body);
}

// Permissions -----------------------------------------------------------------------------------

function anyoneRole(state: MockState, fileId: string): AnyoneRole | null {
  if (Object.prototype.hasOwnProperty.call(state.permissions, fileId)) return state.permissions[fileId] ?? null;
  return getDrive().initialPermissions.get(fileId) ?? null;
}

function setAnyoneRole(state: MockState, fileId: string, role: AnyoneRole | null): void {
  const initial = getDrive().initialPermissions.get(fileId) ?? null;
  if (role === initial) delete state.permissions[fileId];
  else state.permissions[fileId] = role;
}

const PERMISSION_FIELDS = ['id', 'role', 'type'] as const;

/** `items(role, type)` (spaces optional) selects fields; anything else gives whole permissions. */
function selectedFields(fields: string | null): ReadonlyArray<(typeof PERMISSION_FIELDS)[number]> {
  const match = /^items\(([^()]*)\)$/.exec((fields ?? '').replace(/\s+/g, ''));
  if (!match) return PERMISSION_FIELDS;
  const wanted = new Set((match[1] ?? '').split(','));
  const chosen = PERMISSION_FIELDS.filter((f) => wanted.has(f));
  return chosen.length > 0 ? chosen : PERMISSION_FIELDS;
}

function listPermissions(ctx: Context): Reply {
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const fileId = ctx.query.get('fileId');
  if (!fileId) return json(400, { error: 'invalid_request', message: 'fileId is required' });
  if (!getDrive().byId.has(fileId)) return notFound(`File not found: ${fileId}`);

  const all: Required<Permission>[] = [{ id: 'owner', role: 'owner', type: 'user' }];
  const role = anyoneRole(ctx.state, fileId);
  if (role) all.push({ id: 'anyone', role, type: 'anyone' });

  const fields = selectedFields(ctx.query.get('fields'));
  const items = all.map((p) => {
    const item: Partial<Permission> = {};
    for (const f of fields) item[f] = p[f];
    return item;
  });
  return json(200, { items } as PermissionList);
}

function insertPermission(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const body = readJsonBody(ctx.rawBody);
  if (!body) return json(400, { error: 'invalid_body', message: 'Expected a JSON body {fileId, role, type}' });
  const fileId = typeof body.fileId === 'string' && body.fileId !== '' ? body.fileId : ctx.query.get('fileId');
  if (!fileId) return json(400, { error: 'invalid_permission', message: 'fileId is required' });
  const { role, type } = body;
  if (role !== 'reader' && role !== 'writer') {
    return json(400, { error: 'invalid_permission', message: `role must be 'reader' or 'writer', got ${JSON.stringify(role)}` });
  }
  if (type !== 'anyone') {
    return json(400, { error: 'invalid_permission', message: `type must be 'anyone', got ${JSON.stringify(type)}` });
  }
  if (!getDrive().byId.has(fileId)) return notFound(`File not found: ${fileId}`);
  setAnyoneRole(ctx.state, fileId, role);
  ctx.commit();
  const permission: Permission = { id: 'anyone', role, type: 'anyone' };
  return json(200, permission);
}

function deletePermission(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const fileId = ctx.query.get('fileId');
  const permissionId = ctx.query.get('permissionId');
  if (!fileId || !permissionId) return json(400, { error: 'invalid_request', message: 'fileId and permissionId are required' });
  if (!getDrive().byId.has(fileId)) return notFound(`File not found: ${fileId}`);
  if (permissionId === 'owner') return json(400, { error: 'invalid_permission', message: "The owner's permission cannot be removed" });
  if (permissionId !== 'anyone' || anyoneRole(ctx.state, fileId) === null) {
    return notFound(`Permission not found: ${permissionId}`);
  }
  setAnyoneRole(ctx.state, fileId, null);
  ctx.commit();
  return noContent();
}

// Account and settings --------------------------------------------------------------------------

function about(ctx: Context): Reply {
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const body: About = {
    user: { displayName: ME.displayName, emailAddress: ME.emailAddress, picture: { url: avatarDataUri(ME) } },
  };
  return json(200, body);
}

function readUser(ctx: Context): Reply {
  return json(200, ctx.state.users[ctx.key] ?? {});
}

function saveUser(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const raw = readForm(ctx.rawBody).get('user');
  if (raw === null) return json(400, { error: 'invalid_user', message: 'The form field "user" is missing' });
  let user: unknown;
  try {
    user = JSON.parse(raw);
  } catch {
    return json(400, { error: 'invalid_user', message: 'The form field "user" is not JSON' });
  }
  if (!isPlainObject(user)) return json(400, { error: 'invalid_user', message: 'The user model must be a JSON object' });
  ctx.state.users[ctx.key] = user;
  ctx.commit();
  return json(200, {});
}

function disconnect(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  ctx.state.connected = false;
  ctx.state.grantEnded = false;
  ctx.commit();
  return noContent();
}

function deleteSettings(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  delete ctx.state.users[ctx.key];
  ctx.commit();
  return noContent();
}

// ---------------------------------------------------------------------------------------------

type Verb = 'get' | 'post' | 'put' | 'patch' | 'del' | 'options' | 'head';
const ALL_VERBS: readonly Verb[] = ['get', 'post', 'put', 'patch', 'del', 'options', 'head'];

const ROUTE_TABLE: ReadonlyArray<{ path: string; handlers: Partial<Record<Verb, (ctx: Context) => Reply>> }> = [
  { path: ROUTES.userModel, handlers: { get: readUser } },
  { path: ROUTES.about, handlers: { get: about } },
  { path: ROUTES.filesList, handlers: { get: listFiles } },
  { path: ROUTES.permissionsList, handlers: { get: listPermissions, post: insertPermission, del: deletePermission } },
  { path: ROUTES.save, handlers: { post: saveUser } },
  { path: ROUTES.disconnect, handlers: { post: disconnect } },
  { path: ROUTES.delete, handlers: { del: deleteSettings } },
];

const MOCK_PATHS = new Set(ROUTE_TABLE.map((r) => r.path));

function isMockRequest(request: Request): boolean {
  const url = requestUrl(request);
  const origin = typeof window !== 'undefined' ? window.location.origin : url.origin;
  return url.origin === origin && MOCK_PATHS.has(url.pathname);
}

export function makeServer(options: MockOptions = {}): Server {
  const environment = options.environment ?? 'development';
  const browserStorage = environment === 'development' && typeof window !== 'undefined';
  const controls: Controls = {
    switches: { latencyMs: clampLatency(options.latencyMs ?? 0), failureRate: clampRate(options.failureRate ?? 0) },
    readLocalStorage: browserStorage,
    store: options.stateStore ?? (browserStorage ? localStorageStateStore() : memoryStateStore()),
    random: options.random ?? Math.random,
    log: [],
  };
  if (options.connected !== undefined) {
    const state = controls.store.load();
    state.connected = options.connected;
    controls.store.save(state);
  }
  getDrive();

  const handle = (fn: (ctx: Context) => Reply) => (_schema: unknown, request: Request) => {
    const url = requestUrl(request);
    const query = url.searchParams;
    const instance = decodeInstance(query.get('instance'));
    const key = settingsKey(instance.instanceId, nullable(query.get('compId')), nullable(query.get('origCompId')));
    const { failureRate } = effectiveSwitches(controls);

    let reply: Reply;
    if (failureRate > 0 && controls.random() < failureRate) {
      reply = json(503, { error: 'unavailable' });
    } else {
      const state = controls.store.load();
      const ctx: Context = { query, rawBody: request.requestBody, instance, key, state, commit: () => controls.store.save(state) };
      try {
        reply = fn(ctx);
      } catch (error) {
        reply = json(500, { error: 'internal', message: error instanceof Error ? error.message : String(error) });
      }
    }

    const method = String((request as Request & { method?: string }).method ?? '').toUpperCase();
    controls.log.push({ method, path: url.pathname, query: Object.fromEntries(query), status: reply.status, key });
    if (controls.log.length > REQUEST_LOG_LIMIT) controls.log.splice(0, controls.log.length - REQUEST_LOG_LIMIT);
    return reply.status === 204 ? new Response(204) : new Response(reply.status, {}, reply.body as object);
  };

  const methodNotAllowed = (): Reply => json(405, { error: 'method_not_allowed' });
  // Pretender evaluates a route's timing per answer, so switches changed at run time apply at once.
  // (Mirage's types say number; it hands the value to Pretender, which also accepts a function.)
  const timing = (() => effectiveSwitches(controls).latencyMs) as unknown as number;

  const server = createServer({
    environment,
    trackRequests: true,
    routes() {
      for (const route of ROUTE_TABLE) {
        for (const verb of ALL_VERBS) {
          this[verb](route.path, handle(route.handlers[verb] ?? methodNotAllowed), { timing });
        }
      }
      // Everything else (pages, bundles, hot updates, other origins) goes to the network.
      this.passthrough((request: Request) => !isMockRequest(request));
    },
  });
  // Mirage 0.1.48 drops the `logging` config value; the property works.
  if (options.logging !== undefined) server.logging = options.logging;
  controlsByServer.set(server, controls);
  return server;
}
