/**
 * The widget with its file as part of the page (issue 20), in the owner's frame (corners, border,
 * colours, title bar). It shows the content rendered for `fileId` only while the model still shows
 * that file natively; otherwise (the owner chose the viewer, another file, a private file for a
 * visitor) what WidgetView shows. The server renders it into the first HTML; the client's native
 * chunk hydrates it. Drawn by the widget's one drawing (nativeDrawing.ts), shared with the custom element.
 */
import { drawingElement } from './drawingReact';
import { drawWidgetWith } from './nativeDrawing';
import { nativeShown, type RenderedContent } from './nativeShown';
import { ENGLISH, type WidgetViewProps } from './WidgetView';

export { nativeShown, type RenderedContent };

export function NativeWidgetView({ i18n = ENGLISH, ...props }: WidgetViewProps & { content: RenderedContent | null }) {
  const drawing = drawWidgetWith({ ...props, i18n });
  return drawing ? drawingElement(drawing) : null;
}
