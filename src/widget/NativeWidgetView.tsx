/**
 * The widget as the server renders it into the first HTML of the widget page
 * (server/src/pages/widgetPage.tsx), in the owner's frame (corners, border, colours, title bar):
 * the file's rendering (issue 20) as part of the page, for `fileId` only while the model still
 * shows that file natively; otherwise (the owner chose the viewer, another file, a private file
 * for a visitor) the drive's viewer or a note. Drawn by the widget's one drawing (nativeDrawing.ts,
 * drawing.ts) as React elements (drawingReact.ts); the pages' scripts take that markup over without
 * React (the owner's: ownerPage.ts; the visitor's: src/widget/visitor).
 */
import type { UserModel } from '../contract/userModel';
import type { SiteColor, ViewMode } from '../editor/EditorBridge';
import { createTextTranslator } from '../i18n/textTranslator';
import type { Translator } from '../i18n/translator';
import { en, type WidgetSource } from '../i18n/widget/en';
import { drawingElement } from './drawingReact';
import { drawWidgetWith } from './nativeDrawing';
import { nativeShown, type RenderedContent } from './nativeShown';
import type { WidgetError } from './widgetContent';

export { nativeShown, type RenderedContent };

export interface WidgetViewProps {
  model: UserModel | null;
  viewMode: ViewMode;
  error: WidgetError | null;
  /** Words in the owner's chosen language; English when not given. */
  i18n?: Translator<WidgetSource>;
  /** The site palette that colour references are drawn with; until it is known, the model's saved colours. */
  palette?: readonly SiteColor[] | null;
}

/** English, the source: the widget's words when none are given. */
const ENGLISH = createTextTranslator<WidgetSource>('en', en);

export function NativeWidgetView({ i18n = ENGLISH, ...props }: WidgetViewProps & { content: RenderedContent | null }) {
  const drawing = drawWidgetWith({ ...props, i18n });
  return drawing ? drawingElement(drawing) : null;
}
