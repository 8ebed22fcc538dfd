/** The owner's widget page (the editor's stage and preview), without React: ownerPage.ts. */
import type { EditorBridge } from '../editor/EditorBridge';
import { startOwnerPage } from './ownerPage';

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
  await startOwnerPage(document, await editorBridge(window));
}

void start();
