/**
 * A Mirage JS server standing in for the backend, over a seeded drive (drive.ts).
 *
 *   const server = makeServer({ environment: 'test', latencyMs: 0, failureRate: 0 });
 *   setMockSwitches(server, { latencyMs: 300, failureRate: 0.2, connected: false });
 *   getMockSwitches(server);   // the switches in effect
 *   getRequestLog(server);     // every request the mock answered, with its status
 *   server.shutdown();
 *
 * Switches (switches.ts)
 * - latencyMs: delay of every answer. failureRate (0..1): share of requests answered
 *   503 {error:'unavailable'}, decided by `random() < failureRate`; with retryAfterSeconds, those
 *   503s carry that Retry-After (src/contract/retryAfter.ts), as the server's may. failingPaths: paths answered
 *   503 on every request (e.g. ['/api/user']: only the user model's load fails).
 * - pageSizes: sizes of a listing's first pages (e.g. [0, 3]: an empty first page, then one of
 *   three files), each still carrying a nextPageToken while files remain, as a real drive may;
 *   full pages by default (the stage shows the drive's short pages with `mirage:pageSizes`).
 * - saveOverrides (hostile input): fields written over every save's model before the contract
 *   checks it, e.g. {borderWidth: 99} → 400 invalid_user naming borderWidth, as the server answers.
 * - forgedInstancePaths: paths whose signed instance is taken as forged → 401 invalid_instance
 *   (FORGED_INSTANCE of src/contract/issues.ts), as the server answers a signature that does not match.
 * - In the 'development' environment (the browser) the localStorage keys `mirage:latencyMs`,
 *   `mirage:failureRate`, `mirage:pageSizes` (`0,3`), `mirage:retryAfterSeconds`,
 *   `mirage:saveOverrides` (JSON) and `mirage:forgedInstancePaths` (`/api/disconnect`) are read on
 *   every request and, when they hold a valid value, win over the options, so a dev page can flip
 *   them without a reload.
 * - connected: kept in the state store; the option, when given, is written there at start-up.
 * - grantEnded: the owner removed access in their drive account; drive requests answer
 *   401 {error:'reconnect_required'} until the owner connects again or disconnects.
 *
 * Routes, by group: routes/files.ts, routes/permissions.ts, routes/account.ts (account and
 * settings), routes/connectTicket.ts (the ticket and the completion), routes/content.ts; the
 * request context and body readers: http.ts.
 *
 * State: the connected flag, saved user models and changed permissions live in a StateStore
 * (state.ts), loaded on every request and saved after every change, so two frames sharing a store
 * (localStorage) see each other's changes. Default store: localStorage in 'development' when
 * available, memory otherwise.
 *
 * HTTP contract: the paths of ROUTES (src/api/routes.ts) except `authenticate`, which is a page
 * (see authenticate.ts): the provider's consent page and the server's callback page in one, which
 * hands the panel that opened it a completion code (routes/connectTicket.ts). Every other request passes through to the network.
 */
import * as v from 'valibot';
import { describeIssues, FORGED_INSTANCE } from '../src/contract/issues';
import { apiQuerySchema } from '../src/contract/schemas';
import { createServer, Response, type Server, type Request } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import { json, requestUrl, unavailable, type Context, type Reply } from './http';
import { decodeInstance, settingsKey } from './instance';
import { authorizationOf, callerAccess } from './access';
import { about, deleteSettings, disconnect, readUser, saveUser } from './routes/account';
import { listFiles, listSharedDrives } from './routes/files';
import { connectComplete, connectTicket } from './routes/connectTicket';
import { pickerChoice } from './routes/picker';
import { DEFAULT_DRIVE_ACCESS, type DriveAccess } from '../src/contract/driveAccess';
import { readContent, readElementContent } from './routes/content';
import { deletePermission, insertPermission, listPermissions } from './routes/permissions';
import { localStorageStateStore, memoryStateStore, type StateStore } from './state';
import {
  clampLatency,
  clampRate,
  cleanPageSizes,
  cleanPaths,
  cleanRetryAfter,
  cleanSaveOverrides,
  controlsByServer,
  effectiveSwitches,
  REQUEST_LOG_LIMIT,
  type Controls,
} from './switches';

export {
  FAILURE_RATE_STORAGE_KEY,
  PAGE_SIZES_STORAGE_KEY,
  getMockSwitches,
  getRequestLog,
  LATENCY_STORAGE_KEY,
  setMockSwitches,
  type LoggedRequest,
} from './switches';

export interface MockOptions {
  environment?: 'development' | 'test';
  latencyMs?: number;
  failureRate?: number;
  /** Paths answered 503 on every request, whatever the failure rate. */
  failingPaths?: readonly string[];
  /** See MockSwitches.pageSizes. */
  pageSizes?: readonly number[];
  /** See MockSwitches.retryAfterSeconds. */
  retryAfterSeconds?: number | null;
  /** See MockSwitches.saveOverrides. */
  saveOverrides?: Readonly<Record<string, unknown>> | null;
  /** See MockSwitches.forgedInstancePaths. */
  forgedInstancePaths?: readonly string[];
  /** See MockSwitches.driveAccess (default browse). */
  driveAccess?: DriveAccess;
  /** When given, written to the state store at start-up. */
  connected?: boolean;
  stateStore?: StateStore;
  random?: () => number;
  /** Mirage's console logging (default: on in development, off in test). */
  logging?: boolean;
}

type Verb = 'get' | 'post' | 'put' | 'patch' | 'del' | 'options' | 'head';
const ALL_VERBS: readonly Verb[] = ['get', 'post', 'put', 'patch', 'del', 'options', 'head'];

const ROUTE_TABLE: ReadonlyArray<{ path: string; handlers: Partial<Record<Verb, (ctx: Context) => Reply>> }> = [
  { path: ROUTES.userModel, handlers: { get: readUser } },
  { path: ROUTES.about, handlers: { get: about } },
  { path: ROUTES.filesList, handlers: { get: listFiles } },
  { path: ROUTES.sharedDrives, handlers: { get: listSharedDrives } },
  { path: ROUTES.permissionsList, handlers: { get: listPermissions, post: insertPermission, del: deletePermission } },
  { path: ROUTES.save, handlers: { post: saveUser } },
  { path: ROUTES.disconnect, handlers: { post: disconnect } },
  { path: ROUTES.delete, handlers: { del: deleteSettings } },
  { path: ROUTES.connectTicket, handlers: { post: connectTicket } },
  { path: ROUTES.connectComplete, handlers: { post: connectComplete } },
  { path: ROUTES.pickerChoice, handlers: { post: pickerChoice } },
  { path: ROUTES.nativeContent, handlers: { get: readContent } },
  { path: ROUTES.elementContent, handlers: { get: readElementContent } },
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
    switches: {
      latencyMs: clampLatency(options.latencyMs ?? 0),
      failureRate: clampRate(options.failureRate ?? 0),
      pageSizes: cleanPageSizes(options.pageSizes ?? []),
      retryAfterSeconds: cleanRetryAfter(options.retryAfterSeconds ?? null),
      saveOverrides: cleanSaveOverrides(options.saveOverrides ?? null),
      forgedInstancePaths: cleanPaths(options.forgedInstancePaths ?? []),
      driveAccess: options.driveAccess ?? DEFAULT_DRIVE_ACCESS,
    },
    failingPaths: new Set(options.failingPaths ?? []),
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
  // The browser's own cookies stand in for the server's Set-Cookie (a mock answer sets none).
  const setCookie = browserStorage ? (cookie: string) => void (document.cookie = cookie) : undefined;
  // The seeded drive is built on the first request that reads it, not while the page starts.
  const handle = (fn: (ctx: Context) => Reply) => (_schema: unknown, request: Request) => {
    const url = requestUrl(request);
    const query = url.searchParams;
    const checked = v.safeParse(apiQuerySchema, Object.fromEntries(query));
    const values = checked.success ? checked.output : { instance: null, compId: null, origCompId: null };
    const access = callerAccess(values, authorizationOf(request.requestHeaders), Date.now());
    const instance = access.ok ? access.instance : decodeInstance(null);
    const widgetId = access.ok ? access.widgetId : null;
    const key = settingsKey(instance.instanceId, widgetId);
    const hasWidgetId = widgetId !== null;
    const { failureRate, pageSizes, retryAfterSeconds, saveOverrides, forgedInstancePaths, driveAccess } = effectiveSwitches(controls);

    let reply: Reply;
    if (controls.failingPaths.has(url.pathname) || (failureRate > 0 && controls.random() < failureRate)) {
      reply = unavailable(retryAfterSeconds);
    } else if (!checked.success) {
      reply = json(400, describeIssues(checked.issues, 'querystring'));
    } else if (forgedInstancePaths.includes(url.pathname)) {
      reply = json(401, FORGED_INSTANCE);
    } else if (!access.ok) {
      reply = access.reply;
    } else {
      const state = controls.store.load();
      const commit = () => controls.store.save(state);
      const ctx: Context = { query, rawBody: request.requestBody, instance, key, hasWidgetId, state, pageSizes, saveOverrides, driveAccess, commit, setCookie };
      try {
        reply = fn(ctx);
      } catch (error) {
        reply = json(500, { error: 'internal', message: error instanceof Error ? error.message : String(error) });
      }
    }

    const method = String((request as Request & { method?: string }).method ?? '').toUpperCase();
    controls.log.push({ method, path: url.pathname, query: Object.fromEntries(query), status: reply.status, key });
    if (controls.log.length > REQUEST_LOG_LIMIT) controls.log.splice(0, controls.log.length - REQUEST_LOG_LIMIT);
    return reply.status === 204 ? new Response(204, reply.headers ?? {}) : new Response(reply.status, reply.headers ?? {}, reply.body as object);
  };

  const methodNotAllowed = (): Reply => json(405, { error: 'method_not_allowed', message: 'This route does not take this method.' });
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
