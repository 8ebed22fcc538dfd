/**
 * What the published site shows: the chosen file, embedded, with the owner's corner radii and
 * border. In the editor the owner also sees why nothing shows, when nothing can, in the language
 * the owner chose for the widget. Drawn by the widget's one drawing (drawing.ts), shared with the
 * custom element.
 */
import type { UserModel } from '../contract/userModel';
import type { SiteColor, ViewMode } from '../editor/EditorBridge';
import { createTextTranslator } from '../i18n/textTranslator';
import type { Translator } from '../i18n/translator';
import { en, type WidgetSource } from '../i18n/widget/en';
import { drawWidget } from './drawing';
import { drawingElement } from './drawingReact';

/**
 * What went wrong, as a code: the view turns it into words in the owner's language. Here, not in
 * the controller, so the server's rendering of the view reaches no client code.
 */
export type WidgetError = 'loadFailed';

export interface WidgetViewProps {
  model: UserModel | null;
  viewMode: ViewMode;
  error: WidgetError | null;
  /** Words in the owner's chosen language; English when not given. */
  i18n?: Translator<WidgetSource>;
  /** The site palette that colour references are drawn with; until it is known, the model's saved colours. */
  palette?: readonly SiteColor[] | null;
}

/** English, the source: the widget's words until its language's chunk is in (and on its own, in tests). */
export const ENGLISH = createTextTranslator<WidgetSource>('en', en);

export function WidgetView({ model, viewMode, error, i18n = ENGLISH, palette }: WidgetViewProps) {
  const drawing = drawWidget({ model, viewMode, error, i18n, palette });
  return drawing ? drawingElement(drawing) : null;
}
