/**
 * The one store factory, used by the app and by every test, and the store's types: `RootState` and
 * `AppDispatch` are derived here from the slices' reducers, and nowhere else. Redux DevTools come
 * with configureStore; state and actions stay serialisable (checked in development), so its time
 * travel replays a session.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { createMigrate, FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Storage as PersistStorage } from 'redux-persist';
import { accountReducer } from './account/accountSlice';
import { activeFileReducer } from './activeFile/activeFileSlice';
import { contentReducer } from './content/contentSlice';
import { pickerReducer } from './picker/pickerSlice';
import { filesReducer, type FilesState } from './files/filesSlice';
import { rootSaga } from './rootSaga';
import { textReducer } from './text/textSlice';
import type { Services } from './services/context';
import { safePersistStorage } from './services/persistStorage';
import { siteStyleReducer, uiReducer, userReducer, withPaletteColors } from './model';

/**
 * What survives a reload, on purpose: only the owner's sort order. The folder the owner was in is
 * the user model's breadcrumb, which the server keeps.
 */
export const FILES_PERSIST_VERSION = 1;
export const filesMigrations = {
  // Version 0 kept `sort` as {key, desc}.
  1: (state: unknown) => {
    const s = state as { sort?: { key?: string; desc?: boolean; column?: string; reverse?: boolean } } & Record<string, unknown>;
    if (s?.sort && s.sort.column === undefined) {
      const column = s.sort.key === 'owner' || s.sort.key === 'modified' ? s.sort.key : 'title';
      return { ...s, sort: { column, reverse: Boolean(s.sort.desc) } } as never;
    }
    return s as never;
  },
};

function createRootReducer(storage: PersistStorage, persistKey: string) {
  const reducer = combineReducers({
    user: userReducer,
    files: persistReducer<FilesState>(
      { key: `${persistKey}:files`, storage, whitelist: ['sort'], version: FILES_PERSIST_VERSION, migrate: createMigrate(filesMigrations, { debug: false }) },
      filesReducer,
    ),
    account: accountReducer,
    activeFile: activeFileReducer,
    content: contentReducer,
    picker: pickerReducer,
    ui: uiReducer,
    siteStyle: siteStyleReducer,
    text: textReducer,
  });
  return withPaletteColors(reducer);
}

export interface SetupStoreOptions {
  services: Services;
  preloadedState?: Partial<RootState>;
  storage?: PersistStorage;
  /** Keys persisted state per widget, so two widgets keep their own. */
  persistKey?: string;
}

export function setupStore({ services, preloadedState, storage = safePersistStorage(), persistKey = 'dfw' }: SetupStoreOptions) {
  const sagaMiddleware = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: createRootReducer(storage, persistKey),
    preloadedState: preloadedState as never,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] }, thunk: false }).concat(sagaMiddleware),
    devTools: { name: 'Drive File Widget settings' },
  });
  const persistor = persistStore(store);
  const task = sagaMiddleware.run(rootSaga);
  return { store, persistor, task };
}

/** From the root reducer, not from the store: `setupStore` takes a `Partial<RootState>`. */
export type RootState = ReturnType<ReturnType<typeof createRootReducer>>;
export type AppStore = ReturnType<typeof setupStore>['store'];
export type AppDispatch = AppStore['dispatch'];

// The model's typed hooks (useAppSelector, useAppDispatch) take these types from here.
declare module './model/hooks' {
  interface PanelStoreTypes {
    state: RootState;
    dispatch: AppDispatch;
  }
}
