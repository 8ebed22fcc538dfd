/**
 * The settings store: what redux-persist keeps (only the sort order), its migration from version 0,
 * the storage it falls back to, and that every state and action is serialisable so Redux DevTools
 * can record and replay a real run.
 */
import { compose, type Action, type Reducer, type StoreCreator, type StoreEnhancer } from '@reduxjs/toolkit';
import type { Persistor, Storage as PersistStorage } from 'redux-persist';
import { createApiClient } from '../api/client';
import { createRecordingBridge } from '../../test/helpers/recordingBridge';
import { PANEL } from '../../mirage/testHelpers';
import { fakeWindows, memoryPersistStorage } from '../../test/helpers/panelHarness';
import { filesActions } from './files/filesSlice';
import { memoryCookieJar } from '../../test/helpers/memoryCookieJar';
import { safePersistStorage } from './services/persistStorage';
import { manualPageLifecycle } from '../../test/helpers/manualPageLifecycle';
import { memoryPendingStore } from './services/pendingChange';
import { FILES_PERSIST_VERSION, filesMigrations, setupStore } from './store';

const PERSIST_KEY = 'persist:dfw:files';

function build(storage: PersistStorage, persistKey?: string) {
  const services = {
    api: createApiClient({ query: PANEL, fetch: (() => Promise.reject(new Error('no requests in this test'))) as typeof fetch }),
    bridge: createRecordingBridge(),
    cookies: memoryCookieJar(),
    windows: fakeWindows().service,
    pending: memoryPendingStore(),
    lifecycle: manualPageLifecycle(),
  };
  const built = setupStore({ services, storage, persistKey });
  // These tests are about the store itself: the sagas stop before their first request settles.
  built.task.cancel();
  return built;
}

function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const off = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      off();
      resolve();
    });
  });
}

/** redux-persist's own format: each top-level key JSON-encoded inside a JSON object. */
const persisted = (state: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(state).map(([k, v]) => [k, JSON.stringify(v)])));
const readPersisted = (raw: string | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(JSON.parse(raw ?? '{}') as Record<string, string>).map(([k, v]) => [k, JSON.parse(v) as unknown]));

const file = (id: string) => ({ id, title: `File ${id}`, mimeType: 'application/pdf' });

describe('persisted state', () => {
  it('the sort order survives a rebuilt store on the same storage', async () => {
    const storage = memoryPersistStorage();
    const first = build(storage);
    await rehydrated(first.persistor);
    expect(first.store.getState().files.sort).toEqual({ column: 'title', reverse: false });
    first.store.dispatch(filesActions.sortClicked('owner'));
    await first.persistor.flush();

    const second = build(storage);
    await rehydrated(second.persistor);
    expect(second.store.getState().files.sort).toEqual({ column: 'owner', reverse: false });

    // Clicking the same column again toggles, and that too is kept.
    second.store.dispatch(filesActions.sortClicked('owner'));
    await second.persistor.flush();
    const third = build(storage);
    await rehydrated(third.persistor);
    expect(third.store.getState().files.sort).toEqual({ column: 'owner', reverse: true });
  });

  it('keeps nothing but the sort order: not the items nor the rest of the listing', async () => {
    const storage = memoryPersistStorage();
    const first = build(storage);
    await rehydrated(first.persistor);
    const { dispatch } = first.store;
    dispatch(filesActions.listRequested({ folderId: 'folder-9' }));
    dispatch(filesActions.pageLoaded({ listing: 1, pageToken: null, items: [file('a'), file('b')], nextPageToken: 'next' }));
    dispatch(filesActions.sortClicked('modified'));
    const before = first.store.getState().files;
    expect(before).toMatchObject({ folderId: 'folder-9', status: 'ready', nextPageToken: 'next', listing: 1, scrollResetKey: 1 });
    expect(before.items).toHaveLength(2);
    await first.persistor.flush();

    expect(Object.keys(readPersisted(storage.data.get(PERSIST_KEY))).sort()).toEqual(['_persist', 'sort']);
    expect(readPersisted(storage.data.get(PERSIST_KEY))._persist).toMatchObject({ version: FILES_PERSIST_VERSION });
    expect([...storage.data.keys()]).toEqual([PERSIST_KEY]);

    const second = build(storage);
    await rehydrated(second.persistor);
    const after = second.store.getState();
    expect(after.files).toMatchObject({ folderId: null, items: [], nextPageToken: null, status: 'idle', listing: 0, scrollResetKey: 0, error: null });
    expect(after.files.sort).toEqual({ column: 'modified', reverse: false });
    expect(after.user.model.breadcrumb).toEqual([{ id: 'root', title: 'My Drive' }]);
  });

  it('keeps each widget apart by its persist key', async () => {
    const storage = memoryPersistStorage();
    const a = build(storage, 'dfw:comp-a');
    await rehydrated(a.persistor);
    a.store.dispatch(filesActions.sortClicked('owner'));
    await a.persistor.flush();
    const b = build(storage, 'dfw:comp-b');
    await rehydrated(b.persistor);
    expect(b.store.getState().files.sort).toEqual({ column: 'title', reverse: false });
  });
});

describe('migration from version 0 ({sort: {key, desc}})', () => {
  it('turns {key: modified, desc: true} into {column: modified, reverse: true} when the store rehydrates', async () => {
    const storage = memoryPersistStorage();
    storage.data.set(PERSIST_KEY, persisted({ sort: { key: 'modified', desc: true }, _persist: { version: 0, rehydrated: true } }));
    const { store, persistor } = build(storage);
    await rehydrated(persistor);
    expect(store.getState().files.sort).toEqual({ column: 'modified', reverse: true });
    await persistor.flush();
    expect(readPersisted(storage.data.get(PERSIST_KEY))).toMatchObject({ sort: { column: 'modified', reverse: true }, _persist: { version: 1 } });
  });

  it.each([
    [
      { key: 'owner', desc: false },
      { column: 'owner', reverse: false },
    ],
    [{ key: 'modified' }, { column: 'modified', reverse: false }],
    [
      { key: 'name', desc: true },
      { column: 'title', reverse: true },
    ],
    [{}, { column: 'title', reverse: false }],
  ])('migrates %j to %j', (sort, expected) => {
    expect((filesMigrations[1]({ sort }) as { sort: unknown }).sort).toEqual(expected);
  });

  it('leaves a current state and a state without sort alone', () => {
    const current = { sort: { column: 'owner', reverse: true } };
    expect(filesMigrations[1](current)).toEqual(current);
    expect(filesMigrations[1]({})).toEqual({});
  });
});

describe('safePersistStorage', () => {
  const throwingWindow = () => {
    const win = {} as Window;
    Object.defineProperty(win, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    return win;
  };

  afterEach(() => {
    jest.restoreAllMocks();
    window.localStorage.clear();
  });

  it('uses localStorage when it may', async () => {
    const storage = safePersistStorage(window);
    await storage.setItem('k', 'v');
    expect(window.localStorage.getItem('k')).toBe('v');
    expect(await storage.getItem('k')).toBe('v');
    await storage.removeItem('k');
    expect(await storage.getItem('k')).toBeNull();
  });

  it('falls back to memory when localStorage throws', async () => {
    const storage = safePersistStorage(throwingWindow());
    expect(await storage.getItem('k')).toBeNull();
    await storage.setItem('k', 'v');
    expect(await storage.getItem('k')).toBe('v');
    await storage.removeItem('k');
    expect(await storage.getItem('k')).toBeNull();
  });

  it('falls back to memory without a window', async () => {
    const storage = safePersistStorage(undefined);
    await storage.setItem('k', 'v');
    expect(await storage.getItem('k')).toBe('v');
  });

  it('keeps a value in memory when localStorage refuses writes (quota, private mode), and reads it back', async () => {
    window.localStorage.setItem('k', 'stale');
    const storage = safePersistStorage(window);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    await storage.setItem('k', 'fresh');
    expect(await storage.getItem('k')).toBe('fresh');
    await storage.removeItem('k');
    expect(await storage.getItem('k')).toBeNull();
  });

  it('a sort order persists across stores over a storage that refuses localStorage', async () => {
    const storage = safePersistStorage(throwingWindow());
    const first = build(storage);
    await rehydrated(first.persistor);
    first.store.dispatch(filesActions.sortClicked('modified'));
    await first.persistor.flush();
    const second = build(storage);
    await rehydrated(second.persistor);
    expect(second.store.getState().files.sort).toEqual({ column: 'modified', reverse: false });
  });
});

describe('serialisable for Redux DevTools', () => {
  type AnyAction = Action<string> & Record<string, unknown>;

  it('every state and every action of a real panel run survives a JSON round trip', async () => {
    const actions: AnyAction[] = [];
    const states: unknown[] = [];
    const devToolsOptions: unknown[] = [];
    // A stand-in for the DevTools extension: it sees every action and state, as the real one does.
    const fakeDevTools = (options: unknown) => {
      devToolsOptions.push(options);
      return (...enhancers: StoreEnhancer[]) =>
        (createStore: StoreCreator) =>
          ((reducer: Reducer, preloaded?: unknown) => {
            const watched: Reducer = (state, action) => {
              const next: unknown = reducer(state, action);
              actions.push(action as AnyAction);
              states.push(next);
              return next;
            };
            return (compose(...enhancers) as StoreEnhancer)(createStore)(watched, preloaded as never);
          }) as StoreCreator;
    };
    const w = window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };
    w.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = fakeDevTools;

    let harness!: typeof import('../../test/helpers/panelHarness');
    let drive!: typeof import('../../mirage/drive');
    let serverModule!: typeof import('../../mirage/server');
    let model!: typeof import('./model');
    let files!: typeof import('./files/filesSlice');
    let activeFile!: typeof import('./activeFile/activeFileSlice');
    // Redux Toolkit looks for the extension when it loads: load the app's modules afresh.
    jest.isolateModules(() => {
      harness = require('../../test/helpers/panelHarness');
      drive = require('../../mirage/drive');
      serverModule = require('../../mirage/server');
      model = require('./model');
      files = require('./files/filesSlice');
      activeFile = require('./activeFile/activeFileSlice');
    });
    delete w.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;

    const consoleError = jest.spyOn(console, 'error');
    const { DRIVE_IDS, MIME } = drive;
    const panel = harness.startPanel();
    try {
      const { dispatch, until } = panel;
      await until((s) => s.files.status === 'ready' && s.account.status === 'connected' && s.user.loaded, 4000, 'a ready panel');
      dispatch(files.filesActions.sortClicked('owner'));
      dispatch(files.filesActions.sortClicked('owner'));
      dispatch(model.folderOpened({ id: DRIVE_IDS.reports, title: 'Reports' }));
      await until((s) => s.files.folderId === DRIVE_IDS.reports && s.files.status === 'ready', 4000, 'Reports');
      dispatch(files.filesActions.loadMoreRequested());
      await until((s) => s.files.items.length === 100 && s.files.pageStatus === 'idle', 4000, 'page 2');
      dispatch(model.folderOpened({ id: 'root', title: 'My Drive' }));
      await until((s) => s.files.folderId === 'root' && s.files.status === 'ready', 4000, 'My Drive');

      const welcome = { id: DRIVE_IDS.welcomeDoc, title: 'Welcome to your drive', mimeType: MIME.document };
      dispatch(model.fileChosen(welcome));
      await until((s) => s.user.model.activeFileId === welcome.id && s.files.activatingId === null, 4000, 'activation');
      dispatch(activeFile.activeFileActions.roleChosen({ fileId: welcome.id, role: 'writer' }));
      await until((s) => s.activeFile.noticeFor !== null, 4000, 'the notice');
      dispatch(activeFile.activeFileActions.noticeConfirmed({ doNotShowAgain: true }));
      await until((s) => s.user.model.activeFilePerm === 'writer', 4000, 'the writer role');
      dispatch(model.userActions.cornersLockChanged(false));
      dispatch(model.userActions.cornerRadiusChanged({ corner: 'TopLeft', value: 12 }));
      dispatch(model.userActions.localeChanged('PT'));
      dispatch(model.uiActions.tabSelected('design'));
      dispatch(model.uiActions.popupOpened('connected'));
      dispatch(model.uiActions.popupClosed('connected'));
      await until((s) => s.user.save.status === 'saved' && s.ui.requestsInFlight.length === 0, 4000, 'the save');

      // Failures land in the state too: they must be plain data.
      serverModule.setMockSwitches(panel.server, { failureRate: 1 });
      dispatch(files.filesActions.refreshRequested());
      await until((s) => s.files.status === 'failed', 4000, 'a failed refresh');
      serverModule.setMockSwitches(panel.server, { failureRate: 0 });
      dispatch(files.filesActions.refreshRequested());
      await until((s) => s.files.status === 'ready' && s.ui.requestsInFlight.length === 0, 4000, 'a good refresh');
    } finally {
      panel.stop();
    }

    expect(devToolsOptions).toEqual([expect.objectContaining({ name: 'Drive File Widget settings' })]);
    const types = new Set(actions.map((a) => a.type));
    for (const expected of [
      'user/loaded',
      'files/folderOpened',
      'files/pageLoaded',
      'files/pageFailed',
      'activeFile/activated',
      'sharing/roleSet',
      'api/requestStarted',
      'api/requestFailed',
      'persist/REHYDRATE',
    ]) {
      expect(types).toContain(expected);
    }
    expect(states.length).toBeGreaterThan(50);

    // redux-persist's own bookkeeping actions carry callbacks; the store tells the checks to skip them.
    const bookkeeping = new Set(['persist/PERSIST', 'persist/REGISTER', 'persist/FLUSH', 'persist/PAUSE', 'persist/PURGE']);
    for (const action of actions) {
      if (bookkeeping.has(action.type) || action.type.startsWith('@@redux/')) continue;
      expect({ type: action.type, roundTrip: JSON.parse(JSON.stringify(action)) as unknown }).toEqual({ type: action.type, roundTrip: action });
    }
    for (const state of states) expect(JSON.parse(JSON.stringify(state))).toEqual(state);

    // Redux Toolkit's own serialisability check said nothing either.
    const complaints = consoleError.mock.calls.filter((args) => args.some((a) => typeof a === 'string' && /non-serializable/i.test(a)));
    expect(complaints).toEqual([]);
  });
});
