/**
 * Internal links of native content (a document's `#h.…` headings, its footnotes `#ftnt1` and back
 * `#ftnt_ref1`), drawn in the custom element's shadow root or in the visitor's widget page. In a
 * shadow root the browser looks a fragment up in the site's page, so such a link would scroll
 * nowhere and change the site's address; in the widget's frame, as tall as its content, it would
 * change the frame's address and scroll nothing of it. Here a click on a `#…` link scrolls to its
 * anchor in the same root (by id; the content keeps no `name` attribute, nativeContentRules.ts)
 * and moves the focus there (keyboard and screen-reader users land on it too); the address is left
 * alone. A fragment naming nothing in the content does nothing. Any other link is left to the
 * browser (the sanitizer already allowed it).
 */

/** The element in `root` a fragment link names, or null. */
export function anchorOf(root: ShadowRoot | Document, href: string): HTMLElement | null {
  if (!href.startsWith('#') || href.length < 2) return null;
  let name: string;
  try {
    name = decodeURIComponent(href.slice(1));
  } catch {
    return null;
  }
  return root.getElementById(name);
}

/** Follows `#…` links inside `container` (drawn in a shadow root) to their anchors there. */
export function followInternalLinks(container: HTMLElement): void {
  container.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const href = link?.getAttribute('href');
    if (!link || !href?.startsWith('#') || !container.contains(link)) return;
    event.preventDefault();
    const root = container.getRootNode() as ShadowRoot | Document;
    const anchor = anchorOf(root, href);
    if (!anchor || !container.contains(anchor)) return;
    if (!anchor.hasAttribute('tabindex')) anchor.setAttribute('tabindex', '-1');
    anchor.scrollIntoView({ block: 'start' });
    anchor.focus({ preventScroll: true });
  });
}
