/**
 * The owner's widget page (the editor's stage and preview) without React: it takes over the widget
 * the server drew into #root (server/src/pages/widgetPage.tsx) and draws it again, in place
 * (drawingDom.ts), on every change of the controller's state: the model loaded or updated, the
 * site's palette, an error, the view mode; a deleted widget draws nothing. It speaks the language
 * the owner chose in the panel (the user model's `locale`); until the model is known, the site's.
 */
import { readEmbeddedUserModel } from '../api/embeddedUserModel';
import type { SettingsApi } from '../api/widgetClient';
import type { EditorBridge } from '../editor/EditorBridge';
import { followTranslator } from '../i18n/followTranslator';
import { toLanguage } from '../i18n/languages';
import { widgetCatalogues } from '../i18n/widget/catalogues';
import { drawWidget, type Drawing, type WidgetDrawingInput } from './drawing';
import { adoptDrawn, drawInto, NO_CONTENT, type ContentNodes } from './drawingDom';
import { createWidgetController, type WidgetController } from './widgetController';

/** What the page draws: the viewer or a note (drawWidget), or the native chunk's drawing of the page's own content. */
export interface OwnerView {
  draw(input: WidgetDrawingInput): Drawing | null;
  /** Turns a drawing's markup (only the native content has any) into the nodes to show. */
  content: ContentNodes;
  /** After every draw. */
  drawn?(root: HTMLElement): void;
}

const VIEWER: OwnerView = {
  draw: drawWidget,
  content: NO_CONTENT,
};

/** Draws the widget into `root` now and on every change of `controller`'s state; returns what stops it. */
export function drawOwnerPage(root: HTMLElement, controller: WidgetController, siteLocale: string, view: OwnerView = VIEWER): () => void {
  let stopped = false;
  let first = true;
  const words = followTranslator(widgetCatalogues, () => stopped || draw());
  function draw(): void {
    const state = controller.getState();
    const i18n = words(toLanguage(state.model?.locale ?? siteLocale));
    const html = root.ownerDocument.documentElement;
    if (html.lang !== i18n.tag) html.lang = i18n.tag;
    const drawing = state.deleted ? null : view.draw({ model: state.model, viewMode: state.viewMode, error: state.error, palette: state.palette, i18n });
    const drawings = drawing ? [drawing] : [];
    // The server drew this model's markup (the native content, in these words) into #root: its
    // nodes stay, as the viewer's iframe does (drawInto writes only what differs).
    if (first) adoptDrawn(root, drawings);
    first = false;
    drawInto(root, drawings, view.content);
    view.drawn?.(root);
  }
  const unsubscribe = controller.subscribe(draw);
  draw();
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * Runs the owner's page over `doc` (as the server sent it) with the editor's `bridge`; `api`: the
 * settings calls, null for the page's own (widgetCalls.ts). Resolves, once the page is drawn, with
 * what stops it.
 */
export async function startOwnerPage(doc: Document, bridge: EditorBridge, api: SettingsApi | null = null): Promise<() => void> {
  // In the editor, a deleted component's frame is removed a moment after the event: the delete
  // cannot wait for a download, so the calls to the server are fetched now.
  if (bridge.viewMode() === 'editor') void import(/* webpackChunkName: "settings-client" */ './widgetCalls').catch(() => undefined);
  const controller = createWidgetController(api, bridge, readEmbeddedUserModel(doc));
  const stopController = controller.start();
  // With the model embedded in the page, its language is known now: fetch those words before the
  // first draw rather than flash English. A failure shows English (retried later).
  await widgetCatalogues.load(toLanguage(controller.getState().model?.locale ?? controller.locale)).catch(() => undefined);
  const root = doc.getElementById('root');
  if (!root) throw new Error('The widget page has no #root element.');
  // Native content or a sized viewer (issue 20): its own chunk (native/startNative.ts).
  const native = root.dataset.size ? await import(/* webpackChunkName: "native" */ './native/startNative') : null;
  root.style.cssText = 'position:absolute;inset:0';
  const stopHeight = native?.followHeight(bridge, root, () => controller.getState().model);
  // The server renders the widget into #root in the owner's language: the page takes it over.
  const stopDrawing = drawOwnerPage(root, controller, controller.locale, native?.nativeViewOf(native.renderedContentOf(doc)));
  return () => {
    stopDrawing();
    stopHeight?.();
    stopController();
  };
}
