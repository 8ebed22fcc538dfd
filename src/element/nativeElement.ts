/**
 * The custom element's native view (issue 20), a chunk of its own that loads only when the
 * element has content to show as part of the page (DOMPurify is not in the element's script).
 * The `content` attribute names the rendering (`{fileId, version}`); the chunk fetches it from our
 * server (fetchContent.ts), in every view mode, so the editor shows what visitors see. It is
 * hostile until checked, so it is sanitized again here with the server's own rules
 * (src/contract/nativeContentRules.ts), and its images, our image route's paths, are asked of our
 * server (`apiBase`), not of the site. Drawn in the widget's frame, in the page's flow: the element
 * is as tall as its content, and nothing scrolls inside it. Its `#…` links scroll to their anchors
 * in the shadow root (src/widget/internalLinks.ts). Nothing to show (a file made private or deleted) draws
 * nothing; a failure or no answer in time leaves what is shown and is said once in the console.
 */
import createDOMPurify from 'dompurify';
import { CONTENT_ATTRIBUTES, CONTENT_TAGS, keepsContentAttribute } from '../contract/nativeContentRules';
import type { ContentReference, FetchedContent } from '../contract/elementContent';
import type { UserModel } from '../contract/userModel';
import { isWidgetKey } from '../contract/widgetKey';
import { drawNative as drawNativeDrawing } from '../widget/nativeDrawing';
import { drawInto } from './drawingDom';
import { themePalette } from './elementPalette';
import { fetchContent } from './fetchContent';
import { followInternalLinks } from '../widget/internalLinks';
import { enhanceSheets } from '../widget/sheetTabs';
import { enhanceDecks } from '../widget/slideDeck';
import { toLanguage } from '../i18n/languages';
import type { Translator } from '../i18n/translator';
import { widgetCatalogues } from '../i18n/widget/catalogues';
import type { WidgetSource } from '../i18n/widget/en';

/** `html` checked again with the server's rules; image paths made our server's URLs. */
export function sanitizedContent(html: string, apiBase: string, win: Window & typeof globalThis = window): DocumentFragment {
  const purifier = createDOMPurify(win);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!keepsContentAttribute(node.nodeName, data.attrName, data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'IMG') return;
    const src = node.getAttribute('src');
    if (src) node.setAttribute('src', apiBase + src);
    else node.remove();
    const srcset = node.getAttribute('srcset');
    if (srcset) node.setAttribute('srcset', srcset.replace(/(^|, )\//g, `$1${apiBase}/`));
  });
  return purifier.sanitize(html, {
    ALLOWED_TAGS: CONTENT_TAGS,
    ALLOWED_ATTR: CONTENT_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  });
}

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
export function drawNative(box: HTMLElement, model: UserModel, content: FetchedContent, apiBase: string, i18n?: Translator<WidgetSource>): void {
  const win = (box.ownerDocument.defaultView as (Window & typeof globalThis) | null) ?? window;
  drawInto(box, [drawNativeDrawing(model, content, themePalette(model), i18n)], (html, article) => {
    if (!linked.has(article)) followInternalLinks(article);
    linked.add(article);
    return sanitizedContent(html, apiBase, win);
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
  const words = show.model.slideView === 'one' ? widgetCatalogues.load(toLanguage(show.model.locale)).catch(() => widgetCatalogues.english) : undefined;
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
    const i18n = await words;
    if (!show.isCurrent()) return;
    return drawNative(box, show.model, answer.content, show.apiBase, i18n);
  }
  box.replaceChildren();
  flowHost(box);
}
