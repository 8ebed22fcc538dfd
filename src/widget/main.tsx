/** The widget view page: runs on the published site (and in the editor's stage). */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readEmbeddedUserModel } from '../api/embeddedUserModel';
import type { EditorBridge } from '../editor/EditorBridge';
import { toLanguage } from '../i18n/languages';
import { widgetCatalogues } from '../i18n/widget/catalogues';
import { createWidgetController } from './widgetController';
import { Widget } from './Widget';

/**
 * The bridge to the editor or site, from its own chunk (the platform's SDK, the local stage's
 * protocol, or standalone for a page opened on its own): the first script carries none of them.
 */
async function editorBridge(win: Window): Promise<EditorBridge> {
  const { createEditorBridge } = await import(/* webpackChunkName: "editor-adapters" */ '../editor/createBridge');
  return createEditorBridge(win);
}

async function start() {
  document.documentElement.style.height = '100%';
  document.body.style.cssText = 'margin:0;height:100%;position:relative;background:transparent';
  const bridge = await editorBridge(window);
  // In the editor, a deleted component's frame is removed a moment after the event: the delete
  // cannot wait for a download, so the calls to the server are fetched now.
  if (bridge.viewMode() === 'editor') void import(/* webpackChunkName: "settings-client" */ './widgetCalls').catch(() => undefined);
  const controller = createWidgetController(null, bridge, readEmbeddedUserModel(document));
  controller.start();
  // With the model embedded in the page, its language is known now: fetch those words before the
  // first paint (or hydration) rather than flash English. A failure shows English (retried later).
  await widgetCatalogues.load(toLanguage(controller.getState().model?.locale ?? controller.locale)).catch(() => undefined);
  const root = document.getElementById('root');
  if (!root) throw new Error('The widget page has no #root element.');
  // Native content or a sized viewer (issue 20): its own chunk (src/widget/native/startNative.tsx).
  const native = root.dataset.size ? await import(/* webpackChunkName: "native" */ './native/startNative') : null;
  root.style.cssText = 'position:absolute;inset:0';
  // The server renders the widget into #root (server/src/pages/widgetPage.tsx), in the owner's
  // language: take that markup over.
  const widget = <Widget controller={controller} siteLocale={controller.locale} View={native?.nativeViewOf(native.renderedContentOf(document))} />;
  native?.followHeight(bridge, root, () => controller.getState().model);
  if (root.hasChildNodes()) hydrateRoot(root, widget);
  else createRoot(root).render(widget);
}

void start();
