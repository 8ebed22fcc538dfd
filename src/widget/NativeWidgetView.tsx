/**
 * The widget with its file as part of the page (issue 20), in the owner's frame (corners, border,
 * colours, title bar). It shows the content rendered for `fileId` only while the model still shows
 * that file natively; otherwise (the owner chose the viewer, another file, a private file for a
 * visitor) what WidgetView shows. The server renders it into the first HTML; the client's native
 * chunk hydrates it. Drawn by the widget's one drawing (nativeDrawing.ts), shared with the custom element.
 */
import { useEffect } from 'react';
import { drawingElement } from './drawingReact';
import { NATIVE_CONTENT_ID } from './nativeContentId';
import { drawWidgetWith } from './nativeDrawing';
import { nativeShown, type RenderedContent } from './nativeShown';
import { enhanceSheets } from './sheetTabs';
import { enhanceDecks } from './slideDeck';
import { ENGLISH, type WidgetViewProps } from './WidgetView';

export { nativeShown, type RenderedContent };

export function NativeWidgetView({ i18n = ENGLISH, ...props }: WidgetViewProps & { content: RenderedContent | null }) {
  const drawing = drawWidgetWith({ ...props, i18n });
  // A spreadsheet's sheets as tabs (sheetTabs.ts), a presentation one slide at a time when the
  // owner chose so (slideDeck.ts), once its HTML is in: after hydration, a new rendering, the
  // content shown again or the setting changed (a list already turned is left as it is).
  useEffect(() => {
    const article = document.getElementById(NATIVE_CONTENT_ID);
    if (!article) return;
    enhanceSheets(article);
    enhanceDecks(article);
  });
  return drawing ? drawingElement(drawing) : null;
}
