import '@testing-library/jest-dom';

/**
 * jsdom computes every getComputedStyle from scratch, matching each element against its whole
 * default stylesheet and ours; Testing Library's role queries call it for every element, again on
 * every waitFor poll. Between two DOM mutations (and focus changes) the answer cannot change, so
 * it is kept until the next one: the same answers, far less work.
 */
if (typeof window !== 'undefined' && typeof MutationObserver !== 'undefined') {
  const original = window.getComputedStyle.bind(window);
  let cache = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  let focused: Element | null = null;
  const observer = new MutationObserver(() => {
    cache = new WeakMap();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (observer.takeRecords().length > 0 || document.activeElement !== focused) {
      cache = new WeakMap();
      focused = document.activeElement;
    }
    let byPseudo = cache.get(element);
    if (!byPseudo) cache.set(element, (byPseudo = new Map()));
    const key = pseudo ?? '';
    let style = byPseudo.get(key);
    if (!style) byPseudo.set(key, (style = original(element, pseudo)));
    return style;
  };
}
