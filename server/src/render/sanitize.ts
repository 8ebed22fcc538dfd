/**
 * The last gate before rendered content is stored (issue 20): DOMPurify on jsdom (29.1, the last
 * for Node 20) with the contract's allow-lists and attribute rule (src/contract/nativeContentRules.ts,
 * which the custom element's own check uses too).
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { CONTENT_ATTRIBUTES, CONTENT_TAGS, keepsContentAttribute } from '#client/contract/nativeContentRules';
import { renderWindow } from './renderWindow';

/** One DOMPurify per worker, on the worker's window: its hooks and allow-lists never change, and each call gets the whole configuration. */
let purifier: DOMPurify | null = null;

function purify(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(renderWindow() as unknown as Window & typeof globalThis);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (!keepsContentAttribute(node.nodeName, data.attrName, data.attrValue)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG' && !node.hasAttribute('src')) node.remove();
  });
  purifier = instance;
  return instance;
}

export function sanitizeContent(html: string): string {
  return purify().sanitize(html, {
    ALLOWED_TAGS: CONTENT_TAGS,
    ALLOWED_ATTR: CONTENT_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  });
}
