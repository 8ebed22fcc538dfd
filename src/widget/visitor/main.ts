/**
 * The widget page's script in the site view (what the server sends a visitor: widget-site.html),
 * no React: visitorPage.ts. On the platform the SDK (`Wix`) is there; framed by the local stage,
 * the stage's adapter is fetched as on the owner's page; opened on its own, nothing answers.
 */
import type { EditorBridge } from '../../editor/EditorBridge';
import { createWixBridge, type WixSdk } from '../../editor/wixAdapter';
import { startVisitorPage, type VisitorBridge } from './visitorPage';

async function visitorBridge(win: Window & { Wix?: WixSdk }): Promise<VisitorBridge> {
  if (win.Wix) return createWixBridge(win.Wix);
  const { createEditorBridge } = await import(/* webpackChunkName: "editor-adapters" */ '../../editor/createBridge');
  return createEditorBridge(win) as Promise<EditorBridge>;
}

void visitorBridge(window).then((bridge) => startVisitorPage(document, bridge));
