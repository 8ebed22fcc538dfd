/**
 * The widget's drawing (drawing.ts) of a file shown as part of the page (issue 20): the server's
 * rendering in the owner's frame, in the page's flow, for the server's page, the owner's React
 * page and the custom element's native chunk. Apart from drawing.ts: the element's first script
 * holds no content stylesheet.
 */
import type { UserModel } from '../contract/userModel';
import type { SiteColor } from '../editor/EditorBridge';
import { drawWidget, titleBar, type Drawing, type WidgetDrawingInput } from './drawing';
import { NATIVE_CONTENT_ID, NATIVE_CSS, nativeClassName, nativeTextStyle } from './nativeContentStyle';
import { nativeShown } from './nativeShown';
import { frameStyle, savedPalette } from './widgetStyle';

/** A file's rendering as part of the page (issue 20), in the owner's frame, in the page's flow. */
export interface NativeDrawn {
  fileId: string;
  html: string;
  /** The rendering's version, where the drawing names it (the custom element's). */
  version?: number | null;
}

export function drawNative(model: UserModel, content: NativeDrawn, palette: readonly SiteColor[]): Drawing {
  const version = content.version === undefined || content.version === null ? undefined : String(content.version);
  const article: Drawing = {
    tag: 'article',
    attrs: { id: NATIVE_CONTENT_ID, class: nativeClassName(model), 'aria-label': model.activeFileTitle ?? undefined, style: '' },
    style: nativeTextStyle(model),
    html: content.html,
  };
  return {
    tag: 'main',
    attrs: { 'data-file-id': content.fileId, 'data-version': version },
    style: { ...frameStyle(model, palette), position: 'relative', inset: undefined },
    children: [...titleBar(model, palette), { tag: 'style', attrs: {}, text: NATIVE_CSS }, article],
  };
}

/**
 * What the widget shows: `content` as part of the page while the model still shows that file so
 * (nativeShown.ts), else the viewer or a note (drawWidget).
 */
export function drawWidgetWith(input: WidgetDrawingInput & { content: NativeDrawn | null }): Drawing | null {
  const { model, viewMode, error, content } = input;
  const owner = viewMode === 'editor' || viewMode === 'preview';
  if (error || !model || !nativeShown(model, content, owner)) return drawWidget(input);
  return drawNative(model, content, input.palette ?? savedPalette(model));
}
