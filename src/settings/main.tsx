/** The settings panel page: runs inside the website editor. */
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { createApiClient } from '../api/client';
import { readQueryValues } from '../api/queryValues';
import { createPanelBridge } from '../editor/panelBridge';
import { createCookieJar } from './services/cookies';
import { createWindowService } from './services/windows';
import { browserPageLifecycle } from './services/pageLifecycle';
import { localPendingStore } from './services/pendingChange';
import { readEmbeddedUserModel } from '../api/embeddedUserModel';
import { languageTag, toLanguage } from '../i18n/languages';
import { panelCatalogues } from '../i18n/panel/catalogues';
import { SettingsApp } from './SettingsApp';
import { setupStore } from './store';
import { uiActions } from './model';
import { finishSitePendingDeletes } from '../api/sitePendingDeletes';
import { DELETE_RETRY_DELAYS_MS } from '../api/deleteWithRetry';

async function start() {
  const query = readQueryValues(window.location.search);
  // With the platform's SDK the bridge is there at once; only the local stage's adapter is fetched.
  const bridge = await createPanelBridge(window);
  // The panel speaks the editor's language; its catalogue is fetched while the store starts.
  const language = toLanguage(bridge.locale());
  // On failure the panel shows English (useTranslator says so in the console and retries).
  const catalogue = panelCatalogues.load(language).catch(() => undefined);
  const { store, persistor } = setupStore({
    services: {
      api: createApiClient({ query, access: bridge.backendAccess }),
      bridge,
      cookies: createCookieJar(window),
      windows: createWindowService(window),
      pending: localPendingStore(query),
      lifecycle: browserPageLifecycle(window),
      embeddedUserModel: readEmbeddedUserModel(document),
      finishPendingDeletes: () => finishSitePendingDeletes(window.location.search, DELETE_RETRY_DELAYS_MS, console),
    },
    persistKey: `dfw:${query.origCompId ?? query.compId ?? 'local'}`,
  });
  store.dispatch(uiActions.languageResolved(language));
  document.documentElement.lang = languageTag(language);
  const root = document.getElementById('root');
  if (!root) throw new Error('The settings page has no #root element.');
  await catalogue;
  createRoot(root).render(
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <SettingsApp />
      </PersistGate>
    </Provider>,
  );
}

void start();
