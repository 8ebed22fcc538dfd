/**
 * The widget's controller against the real api client (the widget's query values) and the Mirage
 * backend, with a recording bridge playing the editor.
 */
import type { Server } from 'miragejs';
import { getRequestLog, makeServer, setMockSwitches, type MockOptions } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { PANEL, WIDGET, type FrameParams } from '../../mirage/testHelpers';
import { createApiClient, type ApiClient } from '../api/client';
import { parseUserModel } from '../api/parseUserModel';
import { defaultUserModel, type UserModel, type UserModelInput } from '../contract/userModel';
import { clockUntil, onFakeClock } from '../../test/helpers/fakeClock';
import { createRecordingBridge, type RecordingBridge } from '../../test/helpers/recordingBridge';
import { createPageSettingsApi } from './pageSettingsApi';
import { DELETE_RETRY_DELAYS_MS } from '../api/deleteWithRetry';
import { createWidgetController, type WidgetController, type WidgetControllerOptions, type WidgetState } from './widgetController';

const DOC = 'application/vnd.google-apps.document';
const model = (input: UserModelInput): UserModel => parseUserModel(input);
const SAVED = model({
  activeFileId: 'file-a',
  activeFileTitle: 'Plan',
  activeFileMimeType: DOC,
  activeFilePerm: 'reader',
  locale: 'DE',
  cornerRadiusTopLeft: 6,
});

let server: Server;
let stops: Array<() => void> = [];

function boot(mock: MockOptions = {}) {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true, ...mock });
  return { panelApi: createApiClient({ query: PANEL }), widgetApi: createApiClient({ query: WIDGET }) };
}

/** The widget page's query string for these query values. */
const pageSearch = (values: FrameParams) => `?${new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => e[1] !== null)).toString()}`;

/** Saves as the panel does: on top of the revision the server holds now. */
async function saveNow(api: ApiClient, user: UserModel): Promise<void> {
  await api.save(user, { revision: (await api.loadUserModel({ fresh: true })).revision });
}

function startWidget(embedded?: unknown, bridge: RecordingBridge = createRecordingBridge(), options: WidgetControllerOptions = {}) {
  // As the page's own calls (widgetCalls.ts) make it, addressed as the widget's frame is.
  const api = createPageSettingsApi(pageSearch(WIDGET));
  const controller = createWidgetController(api, bridge, embedded, options);
  const stop = controller.start();
  stops.push(stop);
  return { controller, bridge, api, stop };
}

/** Resolves with the first state (current or later) that satisfies `predicate`, moving the clock on. */
const until = (controller: WidgetController, predicate: (s: WidgetState) => boolean, what = 'widget state', ms = 3000) =>
  onFakeClock(whenState(controller, predicate, what, ms), ms + 10);

function whenState(controller: WidgetController, predicate: (s: WidgetState) => boolean, what = 'widget state', ms = 3000): Promise<WidgetState> {
  return new Promise((resolve, reject) => {
    if (predicate(controller.getState())) return resolve(controller.getState());
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Timed out waiting for ${what}: ${JSON.stringify(controller.getState())}`));
    }, ms);
    const off = controller.subscribe((s) => {
      if (!predicate(s)) return;
      clearTimeout(timer);
      off();
      resolve(s);
    });
  });
}

/** The widget's reads of its settings (the panel's own reads, as in saveNow, are left out). */
const userReads = () => getRequestLog(server).filter((r) => r.method === 'GET' && r.path === '/api/user' && r.query.compId === WIDGET.compId);
/** Lets `ms` of clock time pass (timers and promises run as they fall due). */
const clockPasses = (ms = 20) => jest.advanceTimersByTimeAsync(ms);

// On Jest's fake clock: the mock's latency, the retries' delays and the waits are clock time.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  server.shutdown();
  jest.useRealTimers();
});

describe('loading the user model', () => {
  it('loads what the panel saved: the panel (origCompId) and the widget (compId) share one key', async () => {
    const { panelApi } = boot();
    await onFakeClock(saveNow(panelApi, SAVED));
    const { controller } = startWidget();
    const s = await until(controller, (st) => st.model !== null, 'the model');
    expect(s.model).toEqual(SAVED);
    expect(s.model?.locale).toBe('de');
    expect(s.error).toBeNull();
    const reads = userReads();
    expect(reads).toHaveLength(1);
    expect(reads[0]!.query).toMatchObject({ compId: WIDGET.compId, origCompId: '' });
    expect(reads[0]!.key).toBe(getRequestLog(server).find((r) => r.path === '/api/save')!.key);
  });

  it('answers the defaults before anything was saved', async () => {
    boot();
    const { controller } = startWidget();
    const s = await until(controller, (st) => st.model !== null, 'the model');
    expect(s.model).toEqual(defaultUserModel());
    expect(s.model?.breadcrumb).toEqual([{ id: 'root', title: 'My Drive' }]);
  });

  it('uses the template embedded in the page without a request', async () => {
    boot();
    const { controller } = startWidget({ activeFileId: 'embedded-1', activeFileMimeType: DOC, locale: 'FR' });
    expect(controller.getState().model).toMatchObject({ activeFileId: 'embedded-1', locale: 'fr', breadcrumb: [{ id: 'root', title: 'My Drive' }] });
    await clockPasses();
    expect(getRequestLog(server)).toHaveLength(0);
  });

  it('loads from the backend when the embedded template is not an object', async () => {
    const { panelApi } = boot();
    await onFakeClock(saveNow(panelApi, SAVED));
    const { controller } = startWidget('not a model');
    const s = await until(controller, (st) => st.model !== null, 'the model');
    expect(s.model?.activeFileId).toBe('file-a');
    expect(userReads()).toHaveLength(1);
  });

  it('one bad field takes its default and is reported once; the rest of the model is kept', async () => {
    boot();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const embedded = {
      activeFileId: 'embedded-2',
      activeFileMimeType: DOC,
      activeFilePerm: 'reader',
      breadcrumb: 'not a list',
      cornerRadiusTopLeft: -1,
      cornerRadiusTopRight: 7,
    };
    const { controller } = startWidget(embedded);
    startWidget(embedded);
    expect(controller.getState().model).toMatchObject({
      activeFileId: 'embedded-2',
      activeFilePerm: 'reader',
      cornerRadiusTopLeft: 0,
      cornerRadiusTopRight: 7,
      breadcrumb: [{ id: 'root', title: 'My Drive' }],
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/breadcrumb="not a list".*cornerRadiusTopLeft=-1/);
    warn.mockRestore();
  });
});

describe('settings updated', () => {
  it('reloads from the server (the widget keeps no cached answer) and shows the new active file', async () => {
    const { panelApi } = boot();
    await onFakeClock(saveNow(panelApi, SAVED));
    const { controller, bridge, api } = startWidget();
    await until(controller, (st) => st.model?.activeFileId === 'file-a', 'the first model');
    // A second read of the same url goes to the server too: nothing old is served from a cache.
    await onFakeClock(api.loadUserModel());
    expect(userReads()).toHaveLength(2);

    await onFakeClock(saveNow(panelApi, { ...SAVED, activeFileId: 'file-b', activeFileTitle: 'Budget' }));
    bridge.fireSettingsUpdated({ reason: 'saved' });
    const s = await until(controller, (st) => st.model?.activeFileId === 'file-b', 'the new model');
    expect(s.model?.activeFileTitle).toBe('Budget');
    expect(userReads()).toHaveLength(3);
  });

  it('also reloads an embedded model when settings change', async () => {
    const { panelApi } = boot();
    const { controller, bridge } = startWidget({ activeFileId: 'embedded-1', activeFileMimeType: DOC });
    await onFakeClock(saveNow(panelApi, SAVED));
    bridge.fireSettingsUpdated();
    await until(controller, (st) => st.model?.activeFileId === 'file-a', 'the saved model');
  });

  it('a quick second update wins over the first', async () => {
    const { panelApi } = boot({ latencyMs: 30 });
    const { controller, bridge } = startWidget({});
    await onFakeClock(saveNow(panelApi, SAVED));
    bridge.fireSettingsUpdated();
    await onFakeClock(saveNow(panelApi, { ...SAVED, activeFileId: 'file-c' }));
    bridge.fireSettingsUpdated();
    await until(controller, (st) => st.model?.activeFileId === 'file-c', 'the last model');
    await clockPasses(80);
    expect(controller.getState().model?.activeFileId).toBe('file-c');
  });
});

describe('component deleted', () => {
  it('sends DELETE /api/settings, form-encoded and without a body; then the model reads as the defaults', async () => {
    const { panelApi, widgetApi } = boot();
    await onFakeClock(saveNow(panelApi, SAVED));
    const { controller, bridge } = startWidget();
    await until(controller, (st) => st.model !== null, 'the model');

    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    bridge.fireComponentDeleted();
    expect(controller.getState().deleted).toBe(true);
    await clockUntil(() => getRequestLog(server).some((r) => r.method === 'DELETE'), 3000, 'the DELETE');
    // Sent so that it outlives the frame.
    expect(fetchSpy.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[1]).toMatchObject({ keepalive: true });
    fetchSpy.mockRestore();

    const deletes = getRequestLog(server).filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({ path: '/api/settings', status: 204, query: { compId: WIDGET.compId } });
    const handled = (
      server.pretender as unknown as { handledRequests: Array<{ method: string; url: string; requestHeaders: Record<string, string>; requestBody: unknown }> }
    ).handledRequests.find((r) => r.method === 'DELETE');
    expect(handled).toBeDefined();
    const contentType = Object.entries(handled!.requestHeaders).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    expect(contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(handled!.requestBody ?? null).toBeNull();

    expect((await onFakeClock(widgetApi.loadUserModel({ fresh: true }))).model).toEqual(defaultUserModel());
    expect((await onFakeClock(panelApi.loadUserModel({ fresh: true }))).model).toEqual(defaultUserModel());
    expect(controller.getState().error).toBeNull();
  });

  const deletes = () => getRequestLog(server).filter((r) => r.method === 'DELETE');

  it('retries a failed delete after each of its delays, logging each failure; a later attempt removes the settings', async () => {
    const { panelApi } = boot();
    await onFakeClock(saveNow(panelApi, SAVED));
    const log = { warn: jest.fn(), error: jest.fn() };
    const { controller, bridge } = startWidget({}, createRecordingBridge(), { log });
    setMockSwitches(server, { failureRate: 1 });
    bridge.fireComponentDeleted();
    expect(controller.getState().deleted).toBe(true);
    for (const [i, delayMs] of DELETE_RETRY_DELAYS_MS.slice(0, 2).entries()) {
      await clockUntil(() => log.warn.mock.calls.length === i + 1, 1000, `failure ${i + 1}`);
      if (i === 1) setMockSwitches(server, { failureRate: 0 });
      // Each retry waits its whole delay.
      await clockPasses(delayMs - 50);
      expect(deletes()).toHaveLength(i + 1);
      await clockUntil(() => deletes().length === i + 2, 100, `attempt ${i + 2}`);
    }
    await clockUntil(() => deletes().some((r) => r.status === 204), 1000, 'the removal');
    expect(deletes().map((r) => r.status)).toEqual([503, 503, 204]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn.mock.calls[0]![0]).toMatch(`removing the deleted widget's settings failed (attempt 1, http); retrying in ${DELETE_RETRY_DELAYS_MS[0]} ms`);
    expect(log.error).not.toHaveBeenCalled();
    // As the server: the settings are gone, and the revision went up (saved at 1, deleted at 2).
    const after = await onFakeClock(panelApi.loadUserModel({ fresh: true }));
    expect(after).toEqual({ model: defaultUserModel(), revision: 2 });
  });

  it('logs an error when the last retry fails, and tries no more', async () => {
    boot({ failureRate: 1 });
    const log = { warn: jest.fn(), error: jest.fn() };
    const { bridge } = startWidget({}, createRecordingBridge(), { log });
    bridge.fireComponentDeleted();
    const attempts = DELETE_RETRY_DELAYS_MS.length + 1;
    await clockUntil(() => log.error.mock.calls.length > 0, 20_000, 'the error', 100);
    expect(deletes()).toHaveLength(attempts);
    expect(log.warn).toHaveBeenCalledTimes(attempts - 1);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatch(new RegExp(`could not be removed \\(attempt ${attempts}, http\\)`));
    await clockPasses(60_000);
    expect(deletes()).toHaveLength(attempts);
  });
});

describe('failures', () => {
  it('a failed load sets an error; a later settings-updated recovers', async () => {
    const { panelApi } = boot({ failureRate: 1 });
    const { controller, bridge } = startWidget();
    const failed = await until(controller, (st) => st.error !== null, 'the error');
    expect(failed.error).toBe('loadFailed');
    expect(failed.model).toBeNull();
    expect(userReads()[0]!.status).toBe(503);

    setMockSwitches(server, { failureRate: 0 });
    await onFakeClock(saveNow(panelApi, SAVED));
    bridge.fireSettingsUpdated();
    const recovered = await until(controller, (st) => st.model !== null, 'the recovered model');
    expect(recovered.error).toBeNull();
    expect(recovered.model?.activeFileId).toBe('file-a');
  });

  it('a failed reload keeps the last model but reports the error', async () => {
    const { panelApi } = boot();
    await onFakeClock(saveNow(panelApi, SAVED));
    const { controller, bridge } = startWidget();
    await until(controller, (st) => st.model !== null, 'the model');
    setMockSwitches(server, { failureRate: 1 });
    bridge.fireSettingsUpdated();
    const s = await until(controller, (st) => st.error !== null, 'the error');
    expect(s.model?.activeFileId).toBe('file-a');
  });
});

describe('view mode and listeners', () => {
  it('starts in the bridge view mode and follows its changes', async () => {
    boot();
    const bridge = createRecordingBridge({ viewMode: 'site' });
    const { controller } = startWidget({}, bridge);
    expect(controller.getState().viewMode).toBe('site');
    const seen: string[] = [];
    controller.subscribe((s) => seen.push(s.viewMode));
    bridge.fireViewModeChanged('editor');
    expect(controller.getState().viewMode).toBe('editor');
    bridge.fireViewModeChanged('preview');
    expect(controller.getState().viewMode).toBe('preview');
    expect(seen).toEqual(['editor', 'preview']);
  });

  it('the stop function removes every bridge listener; later events do nothing', async () => {
    boot();
    const bridge = createRecordingBridge();
    const { controller, stop } = startWidget({}, bridge);
    expect(bridge.listenerCounts()).toEqual({ settingsUpdated: 1, componentDeleted: 1, viewModeChanged: 1 });
    stop();
    expect(bridge.listenerCounts()).toEqual({ settingsUpdated: 0, componentDeleted: 0, viewModeChanged: 0 });
    const before = controller.getState();
    bridge.fireSettingsUpdated();
    bridge.fireComponentDeleted();
    bridge.fireViewModeChanged('site');
    await clockPasses();
    expect(getRequestLog(server)).toHaveLength(0);
    expect(controller.getState()).toBe(before);
  });

  it('stopping while a load is on its way drops its answer', async () => {
    boot({ latencyMs: 40 });
    const { controller, stop } = startWidget();
    stop();
    await clockPasses(80);
    expect(controller.getState().model).toBeNull();
    expect(controller.getState().error).toBeNull();
  });

  it('unsubscribing stops notifications', () => {
    boot();
    const bridge = createRecordingBridge();
    const { controller } = startWidget({}, bridge);
    const seen: string[] = [];
    const off = controller.subscribe((s) => seen.push(s.viewMode));
    off();
    bridge.fireViewModeChanged('site');
    expect(seen).toEqual([]);
  });
});
