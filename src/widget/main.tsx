/** The widget view page: runs on the published site (and in the editor's stage). */
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../api/client';
import { readEmbeddedUserModel } from '../api/embeddedUserModel';
import { readQueryValues } from '../api/queryValues';
import { createEditorBridge } from '../editor/createBridge';
import { toLanguage } from '../i18n/languages';
import { widgetCatalogues } from '../i18n/widget/catalogues';
import { createWidgetController } from './widgetController';
import { Widget } from './Widget';

async function start() {
  document.documentElement.style.height = '100%';
  document.body.style.cssText = 'margin:0;height:100%;position:relative;background:transparent';
  const api = createApiClient({ query: readQueryValues(window.location.search) });
  const bridge = createEditorBridge(window);
  const controller = createWidgetController(api, bridge, readEmbeddedUserModel(document));
  controller.start();
  const siteLocale = bridge.locale();
  // With the model embedded in the page, its language is known now: fetch those words before the
  // first paint rather than flash English. A failure shows English (useTranslator retries later).
  await widgetCatalogues.load(toLanguage(controller.getState().model?.locale ?? siteLocale)).catch(() => undefined);
  const root = document.getElementById('root');
  if (!root) throw new Error('The widget page has no #root element.');
  root.style.cssText = 'position:absolute;inset:0';
  createRoot(root).render(<Widget controller={controller} siteLocale={siteLocale} />);
}

void start();
