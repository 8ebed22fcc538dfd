/**
 * The element's sanitizer where the browser has none of its own (contentSanitizer.ts): DOMPurify,
 * in a chunk of its own, with the contract's lists and attribute rule (as the server's,
 * server/src/render/sanitize.ts); images finished as contentChecks.ts says.
 */
import createDOMPurify from 'dompurify';
import { CONTENT_ATTRIBUTES, CONTENT_TAGS, keepsContentAttribute } from '../contract/nativeContentRules';
import { finishImage } from './contentChecks';

/** `html` checked with the server's rules, in `win`'s document; image paths made our server's URLs. */
export function purifiedContent(html: string, apiBase: string, win: Window & typeof globalThis): DocumentFragment {
  const purifier = createDOMPurify(win);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!keepsContentAttribute(node.nodeName, data.attrName, data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG') finishImage(node, apiBase);
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
