/**
 * The widget's drawing (drawing.ts) of a file shown as part of the page (issue 20): the server's
 * rendering in the owner's frame, in the page's flow, for the server's page, the owner's page
 * (its native chunk) and the custom element's native chunk; its link to what it leaves in the drive said in the
 * widget's language. Apart from drawing.ts: the element's first script
 * holds no content stylesheet.
 */
import type { UserModel } from '../contract/userModel';
import type { SiteColor } from '../editor/EditorBridge';
import type { Translator } from '../i18n/translator';
import { createTextTranslator } from '../i18n/textTranslator';
import { en, type WidgetSource } from '../i18n/widget/en';
import { drawWidget, titleBar, type Drawing, type WidgetDrawingInput } from './drawing';
import { withMoreWords } from './moreLinks';
import { NATIVE_CONTENT_ID } from './nativeContentId';
import { nativeClassName, nativeCss, nativeTextStyle } from './nativeContentStyle';
import { nativeShown } from './nativeShown';
import { frameStyle, savedPalette } from './widgetStyle';

/** A file's rendering as part of the page (issue 20), in the owner's frame, in the page's flow. */
export interface NativeDrawn {
  fileId: string;
  html: string;
  /** The rendering's version, where the drawing names it (the custom element's). */
  version?: number | null;
}

/**
 * A presentation one slide at a time: the article asks for it, with the controls' words in the
 * widget's language (slideDeck.ts reads them). Nothing for 'all', the stored HTML as it is.
 */
function slideViewAttrs(model: UserModel, words: Translator<WidgetSource>): Record<string, string | undefined> {
  if (model.slideView !== 'one') return {};
  return {
    'data-slide-view': 'one',
    'data-previous': words.t('widget.previousSlide'),
    'data-next': words.t('widget.nextSlide'),
    // The template itself: slideDeck.ts puts each slide's place in it.
    'data-position': words.t('widget.slidePosition', { slide: '{slide}', total: '{total}' }),
  };
}

/** The words of a drawing given none (the server's pages without a catalogue): made once. */
let english: Translator<WidgetSource> | undefined;
const englishWords = (): Translator<WidgetSource> => (english ??= createTextTranslator<WidgetSource>('en', en));

export function drawNative(model: UserModel, content: NativeDrawn, palette: readonly SiteColor[], i18n?: Translator<WidgetSource>): Drawing {
  const words = i18n ?? englishWords();
  const version = content.version === undefined || content.version === null ? undefined : String(content.version);
  const article: Drawing = {
    tag: 'article',
    attrs: {
      id: NATIVE_CONTENT_ID,
      class: nativeClassName(model),
      'aria-label': model.activeFileTitle ?? undefined,
      ...slideViewAttrs(model, words),
      style: '',
    },
    style: nativeTextStyle(model),
    // The link to what the rendering leaves in the drive, in the widget's language (moreLinks.ts).
    html: withMoreWords(content.html, words),
  };
  return {
    tag: 'main',
    attrs: { 'data-file-id': content.fileId, 'data-version': version },
    // In the page's flow, a block (not the viewer's flex column): the content is laid out once.
    style: { ...frameStyle(model, palette), position: 'relative', inset: undefined, display: 'flow-root', flexDirection: undefined },
    children: [...titleBar(model, palette), { tag: 'style', attrs: {}, text: nativeCss(model.activeFileMimeType) }, article],
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
  return drawNative(model, content, input.palette ?? savedPalette(model), input.i18n);
}
