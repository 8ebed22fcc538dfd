/**
 * The widget page's script in the site view (what the server sends a visitor: widget-site.html),
 * no React: visitorPage.ts. The content's links and tabs are made at once; the platform's SDK
 * (`Wix`) is loaded by this script after the page's first paint, not by the page (a script in the
 * page's head, even deferred, runs before the first paint when it arrives in time, and the SDK is
 * the largest script a visitor runs). Builds for the local stage name no SDK: framed by the stage,
 * the stage's adapter is fetched as on the owner's page; opened on its own, nothing answers.
 */
import type { EditorBridge } from '../../editor/EditorBridge';
import { createWixBridge, type WixSdk } from '../../editor/wixAdapter';
import { loadScript, untilPainted } from './afterPaint';
import { enhanceContent, followPlatform, type VisitorBridge } from './visitorPage';

/** The platform SDK's address (webpack.config.js); empty in the stage's builds. */
const SDK_URL = process.env.WIX_SDK_URL ?? '';

async function visitorBridge(win: Window & { Wix?: WixSdk }): Promise<VisitorBridge> {
  if (SDK_URL && !win.Wix) {
    await untilPainted(win);
    // Without the SDK (blocked, offline) the page stays as the server drew it.
    await loadScript(win.document, SDK_URL).catch(() => undefined);
  }
  if (win.Wix) return createWixBridge(win.Wix);
  const { createEditorBridge } = await import(/* webpackChunkName: "editor-adapters" */ '../../editor/createBridge');
  return createEditorBridge(win) as Promise<EditorBridge>;
}

void enhanceContent(document);
void visitorBridge(window).then((bridge) => followPlatform(document, bridge));
