/**
 * The settings panel's EditorBridge. The platform's current editor frames the panel with no
 * `instance`, `compId` or `origCompId` on its URL (the legacy editor always puts them there; its SDK
 * script may still be on the page, so `Wix` alone says nothing): then the current editor's adapter
 * (`@wix/editor`, a chunk of its own) is fetched; otherwise createBridge.ts chooses, as for the
 * widget page, which never loads the current editor's adapter. Before that chunk is fetched, the
 * editor package's own stylesheet is kept from being requested (designSystemStylesheet.ts).
 */
import type { EditorBridge } from './EditorBridge';
import { createEditorBridge } from './createBridge';
import { keepDesignSystemStylesheetOut } from './designSystemStylesheet';

export function isFramedByCurrentEditor(win: Window): boolean {
  if (!win.parent || win.parent === win) return false;
  const query = new URLSearchParams(win.location.search);
  return !['instance', 'compId', 'origCompId'].some((key) => query.get(key));
}

/** No fallback in the current editor: without its access token the panel could not save. */
export function createPanelBridge(win: Window = window): Promise<EditorBridge> {
  if (!isFramedByCurrentEditor(win)) return createEditorBridge(win);
  keepDesignSystemStylesheetOut(win.document);
  return import(/* webpackChunkName: "editor-current" */ './currentEditorAdapter').then(({ createCurrentEditorBridge }) => createCurrentEditorBridge());
}
