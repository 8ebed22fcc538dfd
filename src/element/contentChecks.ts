/**
 * What both of the element's sanitizers (contentSanitizer.ts) do to an element they keep, with the
 * contract's rule (src/contract/nativeContentRules.ts): an image's paths, our image route's, made
 * our server's URLs (`apiBase`); an image without one goes.
 */
import { keepsContentAttribute } from '../contract/nativeContentRules';

/** Our server's URLs for an image's `src` and `srcset`; an image without a `src` is removed. */
export function finishImage(img: Element, apiBase: string): void {
  const src = img.getAttribute('src');
  if (!src) {
    img.remove();
    return;
  }
  img.setAttribute('src', apiBase + src);
  const srcset = img.getAttribute('srcset');
  if (srcset) img.setAttribute('srcset', srcset.replace(/(^|, )\//g, `$1${apiBase}/`));
}

/** Drops each attribute the contract's rule refuses on `element`, then finishes an image. */
export function checkAttributes(element: Element, apiBase: string): void {
  // By name, not through `attributes`: no Attr object is made for each one (the first paint waits for this).
  for (const name of element.getAttributeNames()) {
    if (!keepsContentAttribute(element.nodeName, name, element.getAttribute(name) ?? '')) element.removeAttribute(name);
  }
  if (element.nodeName === 'IMG') finishImage(element, apiBase);
}
