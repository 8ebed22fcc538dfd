/** The settings panel page: runs inside the website editor. */
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { createApiClient } from '../api/client';
import { readQueryValues } from '../api/queryValues';
import { createEditorBridge } from '../editor/createBridge';
import { createCookieJar } from './services/cookies';
import { createWindowService } from './services/windows';
import { browserPageLifecycle } from './services/pageLifecycle';
import { localPendingStore } from './services/pendingChange';
import { readEmbeddedUserModel } from '../api/embeddedUserModel';
import { SettingsApp } from './SettingsApp';
import { setupStore } from './store';

function start() {
  const query = readQueryValues(window.location.search);
  const { store, persistor } = setupStore({
    services: {
      api: createApiClient({ query }),
      bridge: createEditorBridge(window),
      cookies: createCookieJar(window),
      windows: createWindowService(window),
      pending: localPendingStore(query),
      lifecycle: browserPageLifecycle(window),
      embeddedUserModel: readEmbeddedUserModel(document),
    },
    persistKey: `dfw:${query.origCompId ?? query.compId ?? 'local'}`,
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('The settings page has no #root element.');
  createRoot(root).render(
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <SettingsApp />
      </PersistGate>
    </Provider>,
  );
}

start();
