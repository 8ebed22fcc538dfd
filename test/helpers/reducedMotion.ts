/**
 * Makes `window.matchMedia('(prefers-reduced-motion: reduce)')` answer `matches` (jsdom has no
 * matchMedia). Returns a function that restores the previous one.
 */
export function mockReducedMotion(matches: boolean): () => void {
  const previous = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: matches && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = previous;
  };
}
