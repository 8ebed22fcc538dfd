/**
 * The last gate before rendered content is stored (issue 20): DOMPurify on jsdom (29.1, the last
 * for Node 20) with an allow-list of the elements and attributes the converter writes. Links may go
 * to the web, to mail or to an anchor of the document; images only to our own image route, so
 * content never makes the visitor's browser ask a host we did not choose.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { renderWindow } from './renderWindow';

const ALLOWED_TAGS = [
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'hr', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
  'a', 'img', 'strong', 'em', 'u', 's', 'sup', 'sub', 'code', 'pre', 'blockquote', 'span', 'div',
]; // prettier-ignore
const ALLOWED_ATTR = ['href', 'id', 'start', 'colspan', 'rowspan', 'style', 'alt', 'width', 'height', 'src', 'target', 'rel', 'class', 'loading'];
const OWN_IMAGE = /^\/content\/images\/[A-Za-z0-9_-]{16,64}$/;
/** Only what the converter writes: a colour, a size, an alignment, a list type. */
const SAFE_STYLE =
  /^(?:(?:color|background-color):#[0-9a-f]{3,6}|font-size:\d{1,3}(?:\.\d{1,2})?pt|text-align:(?:right|center|justify)|list-style-type:[a-z-]{3,24})(?:;(?:(?:color|background-color):#[0-9a-f]{3,6}|font-size:\d{1,3}(?:\.\d{1,2})?pt))*$/;

/** DOMPurify's own URI rule applies too; this narrows links to the web, mail and the document's anchors. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|#)/i;

/** One DOMPurify per worker, on the worker's window: its hooks and allow-lists never change, and each call gets the whole configuration. */
let purifier: DOMPurify | null = null;

function purify(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(renderWindow() as unknown as Window & typeof globalThis);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'style' && !SAFE_STYLE.test(data.attrValue)) data.keepAttr = false;
    if (data.attrName === 'class' && data.attrValue !== 'dfw-table') data.keepAttr = false;
    if (data.attrName === 'src' && (node.nodeName !== 'IMG' || !OWN_IMAGE.test(data.attrValue))) data.keepAttr = false;
    if (data.attrName === 'href' && (node.nodeName !== 'A' || !SAFE_HREF.test(data.attrValue))) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG' && !node.hasAttribute('src')) node.remove();
  });
  purifier = instance;
  return instance;
}

export function sanitizeContent(html: string): string {
  return purify().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  });
}
