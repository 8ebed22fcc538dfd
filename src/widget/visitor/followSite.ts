/**
 * The visitor's page following the platform (visitorPage.ts): a chunk of its own, fetched once the
 * page is painted (main.ts), with the platform's SDK beside it. Without the SDK (blocked, offline;
 * the stage's builds name none) the stage's adapter answers when the page is framed by the stage.
 */
import type { EditorBridge } from '../../editor/EditorBridge';
import { createWixBridge, type WixSdk } from '../../editor/wixAdapter';
import { followPlatform, type VisitorBridge } from './visitorPage';

async function visitorBridge(win: Window & { Wix?: WixSdk }): Promise<VisitorBridge> {
  if (win.Wix) return createWixBridge(win.Wix);
  const { createEditorBridge } = await import(/* webpackChunkName: "editor-adapters" */ '../../editor/createBridge');
  return createEditorBridge(win) as Promise<EditorBridge>;
}

/** Follows the platform from `win`'s page: the frame's height and the site's palette. */
export async function followSite(win: Window & { Wix?: WixSdk }): Promise<void> {
  await followPlatform(win.document, await visitorBridge(win));
}
