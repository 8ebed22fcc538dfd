/** The widget view page: runs on the published site (and in the editor's stage). */
import { useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApiClient } from '../api/client';
import { readEmbeddedUserModel } from '../api/embeddedUserModel';
import { readQueryValues } from '../api/queryValues';
import { createEditorBridge } from '../editor/createBridge';
import { createWidgetController, type WidgetController } from './widgetController';
import { WidgetView } from './WidgetView';

function Widget({ controller }: { controller: WidgetController }) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  if (state.deleted) return null;
  return <WidgetView model={state.model} viewMode={state.viewMode} error={state.error} />;
}

function start() {
  document.documentElement.style.height = '100%';
  document.body.style.cssText = 'margin:0;height:100%;position:relative;background:transparent';
  const api = createApiClient({ query: readQueryValues(window.location.search) });
  const controller = createWidgetController(api, createEditorBridge(window), readEmbeddedUserModel(document));
  controller.start();
  const root = document.getElementById('root');
  if (!root) throw new Error('The widget page has no #root element.');
  root.style.cssText = 'position:absolute;inset:0';
  // The server renders the widget into #root (server/src/pages/widgetPage.tsx): take that markup over.
  if (root.hasChildNodes()) hydrateRoot(root, <Widget controller={controller} />);
  else createRoot(root).render(<Widget controller={controller} />);
}

start();
