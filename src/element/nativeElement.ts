/**
 * The custom element's native view (issue 20), a chunk of its own that loads only when the
 * element has content to show as part of the page.
 * The `content` attribute names the rendering (`{fileId, version}`); the chunk fetches it from our
 * server (fetchContent.ts), in every view mode, so the editor shows what visitors see. It is
 * hostile until checked, so it is sanitized again here with the server's own rules
 * (contentSanitizer.ts: the browser's own sanitizer, or DOMPurify where it has none), and its
 * images, our image route's paths, are asked of our server (`apiBase`), not of the site. Drawn in
 * the widget's frame, in the page's flow: the element
 * is as tall as its content, and nothing scrolls inside it. Its `#…` links scroll to their anchors
 * in the shadow root (src/widget/internalLinks.ts). Nothing to show (a file made private or deleted) draws
 * nothing; a failure or no answer in time leaves what is shown and is said once in the console.
 */
import type { ContentReference } from '../contract/elementContent';
import type { FetchedContent } from '../contract/elementContentAnswer';
import { MORE_ATTRIBUTES } from '../contract/nativeContentRules';
import type { UserModel } from '../contract/userModel';
import { isWidgetKey } from '../contract/widgetKey';
import { drawNative as drawNativeDrawing } from '../widget/nativeDrawing';
import { contentSanitizer, type SanitizeContent } from './contentSanitizer';
import { drawInto } from '../widget/drawingDom';
import { themePalette } from './elementPalette';
import { fetchContent } from './fetchContent';
import { followInternalLinks } from '../widget/internalLinks';
import { enhanceSheets } from '../widget/sheetTabs';
import { enhanceDecks } from '../widget/slideDeck';
import { toLanguage } from '../i18n/languages';
import type { Translator } from '../i18n/translator';
import { widgetCatalogues } from '../i18n/widget/catalogues';
import type { WidgetSource } from '../i18n/widget/en';

/** Native content: the host in the page's flow, as tall as what it holds. */
const NATIVE_HOST_STYLE = ':host{display:block;position:relative;width:100%}:host([hidden]){display:none}';

/** The host in the page's flow (the content box after the host's style in the shadow root). */
function flowHost(box: HTMLElement): void {
  const hostStyle = box.previousElementSibling;
  if (hostStyle instanceof HTMLStyleElement) hostStyle.textContent = NATIVE_HOST_STYLE;
  box.style.cssText = 'position:relative';
}

/** The article's `#…` links, followed once per article (drawingDom.ts keeps it between draws). */
const linked = new WeakSet<HTMLElement>();

/** Draws `content` in `box` (the shadow root's content box, after the host's style), in the owner's frame and in the page's flow. */
export function drawNative(box: HTMLElement, model: UserModel, content: FetchedContent, sanitize: SanitizeContent, i18n?: Translator<WidgetSource>): void {
  drawInto(box, [drawNativeDrawing(model, content, themePalette(model), i18n)], (html, article) => {
    if (!linked.has(article)) followInternalLinks(article);
    linked.add(article);
    return sanitize(html);
  });
  enhanceSheets(box);
  enhanceDecks(box);
  flowHost(box);
}

export interface NativeShow {
  /** The shadow root's content box (after the host's style). */
  box: HTMLElement;
  model: UserModel;
  reference: ContentReference;
  widgetKey: string | null;
  apiBase: string;
  /** Whether this draw is still the element's latest (a newer one supersedes it). */
  isCurrent(): boolean;
  warn(text: string): void;
}

/** Elements (their content boxes) told already that they have no widget key: said once. */
const keyless = new WeakSet<HTMLElement>();

/** Fetches the rendering `reference` names and draws it; nothing when nothing may be shown. */
export async function showNative(show: NativeShow): Promise<void> {
  const { box, reference } = show;
  if (!isWidgetKey(show.widgetKey)) {
    if (!keyless.has(box)) show.warn('the document cannot be asked for without a widget key; nothing is shown.');
    keyless.add(box);
    return;
  }
  // The deck's controls are named in the widget's language: its words load while the content is fetched.
  const loadWords = () => widgetCatalogues.load(toLanguage(show.model.locale)).catch(() => widgetCatalogues.english);
  let words = show.model.slideView === 'one' ? loadWords() : undefined;
  // The sanitizer (the browser's own, or DOMPurify's chunk) gets ready while the content is fetched.
  const win = (box.ownerDocument.defaultView as (Window & typeof globalThis) | null) ?? window;
  const sanitizing = contentSanitizer(show.apiBase, win);
  sanitizing.catch(() => undefined);
  let answer;
  try {
    answer = await fetchContent(box, show.apiBase, show.widgetKey, reference);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (show.isCurrent()) show.warn(`the document could not be fetched from our server (${reason}); what is shown stays.`);
    return;
  }
  if (!show.isCurrent()) return;
  if (answer.state === 'content' && answer.content.fileId === reference.fileId) {
    // A link to what the rendering leaves in the drive is said in the widget's language too (moreLinks.ts).
    if (answer.content.html.includes(MORE_ATTRIBUTES.kind)) words ??= loadWords();
    const [i18n, sanitize] = await Promise.all([words, sanitizing]);
    if (!show.isCurrent()) return;
    return drawNative(box, show.model, answer.content, sanitize, i18n);
  }
  box.replaceChildren();
  flowHost(box);
}
