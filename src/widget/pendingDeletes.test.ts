/**
 * A removal that outlives its frame: the widget's failed delete is kept in localStorage (jsdom's)
 * as a pending delete of its site, and a later page of ours of the same site (the settings panel,
 * another widget in the editor) finishes it with its own instance. Real store, sagas and clients
 * against the Mirage backend.
 */
import { getRequestLog, makeServer, setMockSwitches } from '../../mirage/server';
import { memoryStateStore, type StateStore } from '../../mirage/state';
import { OWNER_INSTANCE, PANEL, WIDGET, WIDGET_COMP_ID, type FrameParams } from '../../mirage/testHelpers';
import { createApiClient } from '../api/client';
import { parseUserModel } from '../api/parseUserModel';
import { readInstancePayload } from '../api/instance';
import { defaultUserModel } from '../contract/userModel';
import { PENDING_DELETE_TTL_MS, pendingDeletesKey, type PendingDelete } from '../contract/pendingDeletes';
import { createRecordingBridge } from '../../test/helpers/recordingBridge';
import { startPanel, type PanelHarness } from '../../test/helpers/panelHarness';
import { createPageSettingsApi } from './pageSettingsApi';
import { finishSitePendingDeletes } from '../api/sitePendingDeletes';
import { createWidgetController } from './widgetController';

const SITE = readInstancePayload(OWNER_INSTANCE)!.instanceId as string;
const OTHER_COMP_ID = 'comp-other0001';
/** The panel of another widget of the same site. */
const OTHER_PANEL: FrameParams = { ...PANEL, origCompId: OTHER_COMP_ID };
const SAVED = parseUserModel({
  activeFileId: 'file-a',
  activeFileTitle: 'Plan',
  activeFileMimeType: 'application/vnd.google-apps.document',
  activeFilePerm: 'reader',
});
const search = (values: FrameParams) => `?${new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => e[1] !== null)).toString()}`;
const silent = { warn: jest.fn(), error: jest.fn() };

const stored = (site = SITE): PendingDelete[] => JSON.parse(localStorage.getItem(pendingDeletesKey(site)) ?? '[]') as PendingDelete[];
const deletesOf = (server: PanelHarness['server'], compId: string) => getRequestLog(server).filter((r) => r.method === 'DELETE' && r.query.compId === compId);

async function waitFor(condition: () => boolean, what: string, ms = 4000): Promise<void> {
  for (const start = Date.now(); !condition();) {
    if (Date.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Saves settings for `compId` at a Mirage backend keeping its state in `state`, then stops it. */
async function savedFor(state: StateStore, compId: string) {
  const server = makeServer({ environment: 'test', stateStore: state, connected: true });
  const api = createApiClient({ query: { ...PANEL, origCompId: compId } });
  await api.save(SAVED, { revision: (await api.loadUserModel({ fresh: true })).revision });
  server.shutdown();
}

/** The widget's frame deletes itself with the backend failing, every retry spent. */
async function failedWidgetDelete(state: StateStore) {
  const server = makeServer({ environment: 'test', stateStore: state, connected: true });
  setMockSwitches(server, { failureRate: 1 });
  const bridge = createRecordingBridge();
  const api = createPageSettingsApi(search(WIDGET));
  const stop = createWidgetController(api, bridge, {}, { deleteRetryDelaysMs: [5], search: search(WIDGET), log: silent }).start();
  bridge.fireComponentDeleted();
  await waitFor(() => silent.error.mock.calls.length > 0, 'the last failure');
  expect(deletesOf(server, WIDGET_COMP_ID).map((r) => r.status)).toEqual([503, 503]);
  stop();
  server.shutdown();
}

let panel: PanelHarness | null = null;
beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
});
afterEach(() => {
  panel?.stop();
  panel = null;
});

/** A panel of `query`, finishing the site's pending deletes at start as main.tsx does. */
const panelOf = (state: StateStore, query: FrameParams) =>
  startPanel({ query, mock: { stateStore: state }, finishPendingDeletes: () => finishSitePendingDeletes(search(query), [5], silent) });

it("a widget's failed delete is kept for its site; a later panel of the site sends it, and the entry goes", async () => {
  const state = memoryStateStore();
  await savedFor(state, WIDGET_COMP_ID);
  await failedWidgetDelete(state);
  expect(stored()).toEqual([{ widget: WIDGET_COMP_ID, at: expect.any(Number) }]);
  expect(JSON.stringify(localStorage)).not.toContain(OWNER_INSTANCE.split('.')[0]);

  panel = panelOf(state, OTHER_PANEL);
  await waitFor(() => stored().length === 0, 'the entry to go');
  expect(deletesOf(panel.server, WIDGET_COMP_ID).map((r) => r.status)).toEqual([204]);
  const widgetApi = createApiClient({ query: WIDGET });
  expect((await widgetApi.loadUserModel({ fresh: true })).model).toEqual(defaultUserModel());
});

it('a delete that never gets an answer (no network) is kept too', async () => {
  const state = memoryStateStore();
  await savedFor(state, WIDGET_COMP_ID);
  const server = makeServer({ environment: 'test', stateStore: state, connected: true });
  const realFetch = window.fetch;
  const fetchSpy = jest
    .spyOn(window, 'fetch')
    .mockImplementation((input, init) => (init?.method === 'DELETE' ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init)));
  const bridge = createRecordingBridge();
  const stop = createWidgetController(
    createPageSettingsApi(search(WIDGET)),
    bridge,
    {},
    { deleteRetryDelaysMs: [5], search: search(WIDGET), log: silent },
  ).start();
  bridge.fireComponentDeleted();
  await waitFor(() => silent.error.mock.calls.length > 0, 'the last failure');
  expect(silent.error.mock.calls[0]![0]).toMatch(/attempt 2, network/);
  expect(stored().map((e) => e.widget)).toEqual([WIDGET_COMP_ID]);
  fetchSpy.mockRestore();
  stop();
  server.shutdown();
});

it('a failed delete stays kept while the backend still fails, and is sent again by the next page', async () => {
  const state = memoryStateStore();
  await savedFor(state, WIDGET_COMP_ID);
  await failedWidgetDelete(state);
  panel = startPanel({
    query: OTHER_PANEL,
    mock: { stateStore: state, failingPaths: ['/api/settings'] },
    finishPendingDeletes: () => finishSitePendingDeletes(search(OTHER_PANEL), [5], silent),
  });
  await waitFor(() => deletesOf(panel!.server, WIDGET_COMP_ID).length === 2, 'the two attempts');
  await waitFor(() => silent.error.mock.calls.length > 1, 'the failure');
  expect(stored().map((e) => e.widget)).toEqual([WIDGET_COMP_ID]);
});

it("a widget page of the site in the editor finishes another widget's pending delete", async () => {
  const state = memoryStateStore();
  await savedFor(state, WIDGET_COMP_ID);
  await failedWidgetDelete(state);
  const server = makeServer({ environment: 'test', stateStore: state, connected: true });
  const other: FrameParams = { ...WIDGET, compId: OTHER_COMP_ID };
  const bridge = createRecordingBridge();
  expect(bridge.viewMode()).toBe('editor');
  const stop = createWidgetController(
    createPageSettingsApi(search(other)),
    bridge,
    {},
    { deleteRetryDelaysMs: [5], search: search(other), log: silent },
  ).start();
  await waitFor(() => stored().length === 0, 'the entry to go');
  expect(deletesOf(server, WIDGET_COMP_ID).map((r) => r.status)).toEqual([204]);
  expect(deletesOf(server, OTHER_COMP_ID)).toEqual([]);
  stop();
  server.shutdown();
});

it("an entry of another site is not sent, and stays for that site's pages", async () => {
  const otherSite = 'another-site-0000';
  localStorage.setItem(pendingDeletesKey(otherSite), JSON.stringify([{ widget: WIDGET_COMP_ID, at: Date.now() }]));
  const state = memoryStateStore();
  await savedFor(state, WIDGET_COMP_ID);
  panel = panelOf(state, OTHER_PANEL);
  await panel.until((s) => s.user.loaded);
  await new Promise((r) => setTimeout(r, 100));
  expect(getRequestLog(panel.server).filter((r) => r.method === 'DELETE')).toEqual([]);
  expect(stored(otherSite).map((e) => e.widget)).toEqual([WIDGET_COMP_ID]);
  expect((await createApiClient({ query: WIDGET }).loadUserModel({ fresh: true })).model).toEqual(SAVED);
});

it("the page's own widget is never deleted, even when an entry names it", async () => {
  localStorage.setItem(pendingDeletesKey(SITE), JSON.stringify([{ widget: WIDGET_COMP_ID, at: Date.now() }]));
  const state = memoryStateStore();
  await savedFor(state, WIDGET_COMP_ID);
  panel = panelOf(state, PANEL);
  await panel.until((s) => s.user.loaded);
  await new Promise((r) => setTimeout(r, 100));
  expect(getRequestLog(panel.server).filter((r) => r.method === 'DELETE')).toEqual([]);
  expect(panel.store.getState().user.model).toEqual(SAVED);
});

it('expired entries are dropped unsent; malformed ones are ignored', async () => {
  const now = Date.now();
  localStorage.setItem(
    pendingDeletesKey(SITE),
    JSON.stringify([{ widget: WIDGET_COMP_ID, at: now - PENDING_DELETE_TTL_MS - 1 }, { widget: '', at: now }, { widget: 'comp-x', at: 'soon' }, 'junk']),
  );
  const state = memoryStateStore();
  await savedFor(state, WIDGET_COMP_ID);
  panel = panelOf(state, OTHER_PANEL);
  await waitFor(() => localStorage.getItem(pendingDeletesKey(SITE)) === null, 'the list to be emptied');
  await panel.until((s) => s.user.loaded);
  expect(getRequestLog(panel.server).filter((r) => r.method === 'DELETE')).toEqual([]);
  expect((await createApiClient({ query: WIDGET }).loadUserModel({ fresh: true })).model).toEqual(SAVED);
});
