import type { Server } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import { FORGED_INSTANCE } from '../src/contract/issues';
import { FAILURE_RATE_STORAGE_KEY, getMockSwitches, getRequestLog, LATENCY_STORAGE_KEY, makeServer, PAGE_SIZES_STORAGE_KEY, setMockSwitches } from './server';
import { memoryStateStore } from './state';
import { FORGED_INSTANCE_PATHS_STORAGE_KEY, SAVE_OVERRIDES_STORAGE_KEY } from './switches';
import { apiUrl, call, clientQuery, PANEL, WIDGET, WIDGET_COMP_ID, tracked } from './testHelpers';

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
  localStorage.clear();
  jest.restoreAllMocks();
});

const UNAVAILABLE = { status: 503, body: { error: 'unavailable', message: expect.any(String) } };
const files = () => call(apiUrl(ROUTES.filesList, WIDGET, { q: clientQuery('root'), maxResults: '50' }));
const user = () => call(apiUrl(ROUTES.userModel, WIDGET));

async function timed<T>(request: () => Promise<T>): Promise<{ ms: number; answer: T }> {
  const started = performance.now();
  const answer = await request();
  return { ms: performance.now() - started, answer };
}

describe('failure switch', () => {
  it('answers 503 unavailable to every route when failureRate is 1, and changes nothing', async () => {
    const store = memoryStateStore();
    server = makeServer({ environment: 'test', failureRate: 1, stateStore: store });
    expect(await user()).toEqual(UNAVAILABLE);
    expect(await files()).toEqual(UNAVAILABLE);
    expect(await call(apiUrl(ROUTES.about, PANEL))).toEqual(UNAVAILABLE);
    expect(await call(apiUrl(ROUTES.permissionsList, PANEL, { fileId: 'x' }))).toEqual(UNAVAILABLE);
    const saved = await call(apiUrl(ROUTES.save, PANEL), { method: 'POST', body: new URLSearchParams({ user: '{"locale":"de"}' }) });
    expect(saved).toEqual(UNAVAILABLE);
    expect(await call(apiUrl(ROUTES.disconnect, PANEL), { method: 'POST' })).toEqual(UNAVAILABLE);
    expect(await call(apiUrl(ROUTES.delete, PANEL), { method: 'DELETE' })).toEqual(UNAVAILABLE);
    expect(await call(apiUrl(ROUTES.connectTicket, PANEL), { method: 'POST' })).toEqual(UNAVAILABLE);
    expect(store.load()).toEqual({ connected: true, grantEnded: false, users: {}, revisions: {}, permissions: {}, connectTickets: {}, connectCompletions: {} });
  });

  it('fails exactly when random() < failureRate', async () => {
    const draws = [0.49, 0.5, 0.1, 0.99];
    server = makeServer({ environment: 'test', failureRate: 0.5, random: () => draws.shift() ?? 1 });
    expect((await user()).status).toBe(503);
    expect((await user()).status).toBe(200);
    expect((await user()).status).toBe(503);
    expect((await user()).status).toBe(200);
  });

  it('is never drawn when failureRate is 0', async () => {
    const random = jest.fn(() => 0);
    server = makeServer({ environment: 'test', failureRate: 0, random });
    expect((await user()).status).toBe(200);
    expect(random).not.toHaveBeenCalled();
  });

  it('failingPaths fail only those paths, on every request, until changed at run time', async () => {
    server = makeServer({ environment: 'test', failingPaths: [ROUTES.userModel] });
    expect(await user()).toEqual(UNAVAILABLE);
    expect(await user()).toEqual(UNAVAILABLE);
    expect((await files()).status).toBe(200);
    setMockSwitches(server, { failingPaths: [] });
    expect((await user()).status).toBe(200);
    setMockSwitches(server, { failingPaths: [ROUTES.filesList] });
    expect(await files()).toEqual(UNAVAILABLE);
    expect((await user()).status).toBe(200);
  });

  it('changes at run time', async () => {
    server = makeServer({ environment: 'test' });
    expect((await files()).status).toBe(200);
    setMockSwitches(server, { failureRate: 1 });
    expect(await files()).toEqual(UNAVAILABLE);
    setMockSwitches(server, { failureRate: 0 });
    expect((await files()).status).toBe(200);
  });
});

describe('latency switch', () => {
  it('delays every answer by latencyMs', async () => {
    // A second of latency: without it, an answer comes well before that even on a loaded machine.
    server = makeServer({ environment: 'test', latencyMs: 1000 });
    const slow = await timed(files);
    expect(slow.answer.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(999);

    setMockSwitches(server, { latencyMs: 0 });
    const fast = await timed(user);
    expect(fast.ms).toBeLessThan(1000);

    setMockSwitches(server, { latencyMs: 120, failureRate: 1 });
    const failing = await timed(user);
    expect(failing.answer.status).toBe(503);
    expect(failing.ms).toBeGreaterThanOrEqual(119);
    expect(getMockSwitches(server)).toEqual({
      latencyMs: 120,
      failureRate: 1,
      pageSizes: [],
      retryAfterSeconds: null,
      saveOverrides: null,
      forgedInstancePaths: [],
      driveAccess: 'browse',
      connected: true,
    });
  });
});

describe('switches in localStorage (development, the browser)', () => {
  it('reads mirage:failureRate and mirage:latencyMs on every request', async () => {
    server = makeServer({ environment: 'development', logging: false, stateStore: memoryStateStore() });
    expect((await user()).status).toBe(200);

    localStorage.setItem(FAILURE_RATE_STORAGE_KEY, '1');
    expect(await user()).toEqual(UNAVAILABLE);
    localStorage.removeItem(FAILURE_RATE_STORAGE_KEY);
    expect((await user()).status).toBe(200);

    localStorage.setItem(LATENCY_STORAGE_KEY, '130');
    expect(getMockSwitches(server)).toEqual({
      latencyMs: 130,
      failureRate: 0,
      pageSizes: [],
      retryAfterSeconds: null,
      saveOverrides: null,
      forgedInstancePaths: [],
      driveAccess: 'browse',
      connected: true,
    });
    const slow = await timed(user);
    expect(slow.ms).toBeGreaterThanOrEqual(129);
  });

  it('reads mirage:pageSizes ("0,3") on every request; a malformed value is ignored', async () => {
    server = makeServer({ environment: 'development', logging: false, stateStore: memoryStateStore(), pageSizes: [5] });
    const firstPage = async () =>
      (await call<{ items: unknown[]; nextPageToken?: string }>(apiUrl(ROUTES.filesList, WIDGET, { q: clientQuery('root'), maxResults: '50' }))).body;
    expect((await firstPage()).items).toHaveLength(5);
    localStorage.setItem(PAGE_SIZES_STORAGE_KEY, '0, 3');
    expect(getMockSwitches(server).pageSizes).toEqual([0, 3]);
    const empty = await firstPage();
    expect(empty.items).toHaveLength(0);
    expect(empty.nextPageToken).toEqual(expect.any(String));
    localStorage.setItem(PAGE_SIZES_STORAGE_KEY, '2,x');
    expect(getMockSwitches(server).pageSizes).toEqual([5]);
    expect((await firstPage()).items).toHaveLength(5);
  });

  it('ignores them in the test environment', async () => {
    localStorage.setItem(FAILURE_RATE_STORAGE_KEY, '1');
    server = makeServer({ environment: 'test' });
    expect((await user()).status).toBe(200);
  });
});

describe('connected switch', () => {
  it('disconnects and reconnects the drive', async () => {
    server = makeServer({ environment: 'test' });
    setMockSwitches(server, { connected: false });
    expect((await files()).status).toBe(401);
    setMockSwitches(server, { connected: true });
    expect((await files()).status).toBe(200);
  });
});

describe('request log and routing', () => {
  it('records every request it answered', async () => {
    server = makeServer({ environment: 'test' });
    await user();
    await call(apiUrl(ROUTES.save, PANEL), { method: 'POST', body: new URLSearchParams({ user: 'nope' }) });
    expect(getRequestLog(server)).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/user',
        status: 200,
        query: expect.objectContaining({ compId: WIDGET_COMP_ID, origCompId: '' }),
      }),
      expect.objectContaining({
        method: 'POST',
        path: '/api/save',
        status: 400,
        query: expect.objectContaining({ compId: 'tpaSettings', origCompId: WIDGET_COMP_ID }),
      }),
    ]);
    const [widgetKey, panelKey] = getRequestLog(server).map((r) => r.key);
    expect(widgetKey).toBe(panelKey);
    expect(widgetKey).toContain(WIDGET_COMP_ID);
    expect(tracked(server).handledRequests.map((r) => r.url.split('?')[0])).toEqual(['/api/user', '/api/save']);
  });

  it('answers 405 to a method a route does not take', async () => {
    server = makeServer({ environment: 'test' });
    expect(await call(apiUrl(ROUTES.filesList, PANEL), { method: 'PUT', body: '{}' })).toEqual({
      status: 405,
      body: { error: 'method_not_allowed', message: expect.any(String) },
    });
  });

  it('lets other paths (pages, hot updates, the authenticate page) pass through to the network', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server = makeServer({ environment: 'test' });
    for (const url of ['/main.0a1b.hot-update.json', `${ROUTES.authenticate}?instance=&compId=x&origCompId=`, 'http://127.0.0.1:9/api/files']) {
      await fetch(url).catch(() => undefined);
    }
    expect(tracked(server).handledRequests).toHaveLength(0);
    expect(tracked(server).passthroughRequests.map((r) => r.url)).toEqual([
      '/main.0a1b.hot-update.json',
      `${ROUTES.authenticate}?instance=&compId=x&origCompId=`,
      'http://127.0.0.1:9/api/files',
    ]);
    expect(getRequestLog(server)).toEqual([]);
  });
});

describe('Retry-After switch', () => {
  it("the 503s of the failure switches carry the switch's Retry-After, as the server's may; none without it", async () => {
    server = makeServer({ environment: 'test', failureRate: 1 });
    const url = apiUrl(ROUTES.userModel, PANEL);
    expect((await fetch(url)).headers.get('Retry-After')).toBeNull();
    setMockSwitches(server, { retryAfterSeconds: 7 });
    const answer = await fetch(url);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('7');
    setMockSwitches(server, { failureRate: 0 });
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Retry-After')).toBeNull();
  });
});

describe('hostile-input switches: refusals as the server answers them', () => {
  const saveFrom = (frame = PANEL) =>
    call(apiUrl(ROUTES.save, frame), { method: 'POST', body: new URLSearchParams({ user: JSON.stringify({ locale: 'de' }), revision: '0' }) });

  it('saveOverrides: the altered model is refused 400 by the contract, naming the setting, and nothing is stored', async () => {
    const store = memoryStateStore();
    server = makeServer({ environment: 'test', stateStore: store, saveOverrides: { borderWidth: 99 } });
    expect(await saveFrom()).toEqual({ status: 400, body: { error: 'invalid_user', field: 'borderWidth', message: expect.stringMatching(/^body\/user/) } });
    expect(store.load().users).toEqual({});
    setMockSwitches(server, { saveOverrides: null });
    expect(await saveFrom()).toEqual({ status: 200, body: { revision: 1 } });
  });

  it('forgedInstancePaths: only those paths answer 401 invalid_instance, and change nothing', async () => {
    const store = memoryStateStore();
    server = makeServer({ environment: 'test', stateStore: store, forgedInstancePaths: [ROUTES.disconnect] });
    expect(await call(apiUrl(ROUTES.disconnect, PANEL), { method: 'POST' })).toEqual({ status: 401, body: FORGED_INSTANCE });
    expect(store.load().connected).toBe(true);
    expect((await call(apiUrl(ROUTES.about, PANEL))).status).toBe(200);
    setMockSwitches(server, { forgedInstancePaths: [] });
    expect((await call(apiUrl(ROUTES.disconnect, PANEL), { method: 'POST' })).status).toBe(204);
  });

  it('both are read from localStorage in development; a malformed value is ignored', async () => {
    server = makeServer({ environment: 'development', logging: false, stateStore: memoryStateStore() });
    localStorage.setItem(SAVE_OVERRIDES_STORAGE_KEY, '{"font":"nope"}');
    localStorage.setItem(FORGED_INSTANCE_PATHS_STORAGE_KEY, `${ROUTES.about}, not-a-path`);
    expect(getMockSwitches(server)).toMatchObject({ saveOverrides: { font: 'nope' }, forgedInstancePaths: [ROUTES.about] });
    expect((await saveFrom()).body).toMatchObject({ error: 'invalid_user', field: 'font' });
    expect((await call(apiUrl(ROUTES.about, PANEL))).status).toBe(401);
    localStorage.setItem(SAVE_OVERRIDES_STORAGE_KEY, '[1]');
    expect(getMockSwitches(server).saveOverrides).toBeNull();
    expect((await saveFrom()).status).toBe(200);
  });
});
