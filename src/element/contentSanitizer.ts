/**
 * The element's second check of a rendering (hostile until checked), with the server's rules
 * (src/contract/nativeContentRules.ts): parsed into an inert document (nothing fetched, nothing
 * run), only the contract's elements and attributes kept, each attribute by the contract's rule,
 * images asked of our server (`apiBase`, contentChecks.ts). Where the browser has its own HTML
 * sanitizer (the Sanitizer API's `Element.setHTML`, which also removes anything that runs script
 * whatever its configuration) it does the parsing, into a document with no window; elsewhere DOMPurify does, in a chunk
 * fetched only then (purifiedContent.ts): most visitors never download it.
 */
import { CONTENT_ATTRIBUTES, CONTENT_TAGS } from '../contract/nativeContentRules';
import { checkAttributes } from './contentChecks';

/** A rendering's HTML to the nodes drawn. */
export type SanitizeContent = (html: string) => DocumentFragment;

type SetHtml = (this: Element, html: string, options: { sanitizer: { elements: string[]; attributes: string[] } }) => void;

/** The browser's sanitizing setter, when it has one. */
function browserSetter(win: Window & typeof globalThis): SetHtml | null {
  const setHTML = (win.Element.prototype as unknown as { setHTML?: SetHtml }).setHTML;
  return typeof setHTML === 'function' ? setHTML : null;
}

function browserSanitized(setHTML: SetHtml, html: string, apiBase: string, into: Document): DocumentFragment {
  // A document of its own, with no window: nothing it holds is fetched or run.
  const inert = into.implementation.createHTMLDocument('');
  const box = inert.createElement('div');
  setHTML.call(box, html, { sanitizer: { elements: CONTENT_TAGS, attributes: CONTENT_ATTRIBUTES } });
  for (const element of box.querySelectorAll('*')) checkAttributes(element, apiBase);
  // Moved, not copied: adopted by the element's document only now that every attribute is checked.
  const fragment = into.createDocumentFragment();
  fragment.append(...Array.from(box.childNodes));
  return fragment;
}

/** The sanitizer for `win`: the browser's own, or DOMPurify's chunk once it is in. */
export async function contentSanitizer(apiBase: string, win: Window & typeof globalThis = window): Promise<SanitizeContent> {
  const setHTML = browserSetter(win);
  if (setHTML) return (html) => browserSanitized(setHTML, html, apiBase, win.document);
  const { purifiedContent } = await import(/* webpackChunkName: "element-purify" */ './purifiedContent');
  return (html) => purifiedContent(html, apiBase, win);
}
