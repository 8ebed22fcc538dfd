/** The widget view page: runs on the published site (and in the editor's stage). */
import { useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readEmbeddedUserModel } from '../api/embeddedUserModel';
import { readQueryValues } from '../api/queryValues';
import { createWidgetApi } from '../api/widgetClient';
import type { EditorBridge } from '../editor/EditorBridge';
import { createStandaloneBridge } from '../editor/standaloneBridge';
import { createWidgetController, type WidgetController } from './widgetController';
import { WidgetView } from './WidgetView';

function Widget({ controller }: { controller: WidgetController }) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  if (state.deleted) return null;
  return <WidgetView model={state.model} viewMode={state.viewMode} error={state.error} palette={state.palette} locale={controller.locale} />;
}

/** The editor's adapters load only when the page is framed or the platform's SDK is present. */
async function editorBridge(win: Window): Promise<EditorBridge> {
  const framed = win.parent !== win || 'Wix' in win;
  if (!framed) return createStandaloneBridge({ locale: new URLSearchParams(win.location.search).get('locale') ?? undefined });
  const { createEditorBridge } = await import(/* webpackChunkName: "editor-adapters" */ '../editor/createBridge');
  return createEditorBridge(win);
}

async function start() {
  document.documentElement.style.height = '100%';
  document.body.style.cssText = 'margin:0;height:100%;position:relative;background:transparent';
  const api = createWidgetApi({ query: readQueryValues(window.location.search) });
  const controller = createWidgetController(api, await editorBridge(window), readEmbeddedUserModel(document));
  controller.start();
  const root = document.getElementById('root');
  if (!root) throw new Error('The widget page has no #root element.');
  root.style.cssText = 'position:absolute;inset:0';
  // The server renders the widget into #root (server/src/pages/widgetPage.tsx): take that markup over.
  if (root.hasChildNodes()) hydrateRoot(root, <Widget controller={controller} />);
  else createRoot(root).render(<Widget controller={controller} />);
}

void start();
