/**
 * Makes `window.matchMedia('(prefers-reduced-motion: reduce)')` answer `matches` (jsdom has no
 * matchMedia). Returns a function that restores the previous one.
 */
export function mockReducedMotion(matches: boolean): () => void {
  return reducedMotionSwitch(matches).restore;
}

/**
 * Like mockReducedMotion, and `set` changes the system setting later, telling every listener of
 * the media query, as a browser does when the owner changes it.
 */
export function reducedMotionSwitch(initial: boolean): { set: (matches: boolean) => void; restore: () => void } {
  const previous = window.matchMedia;
  let reduce = initial;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  window.matchMedia = ((query: string) => {
    const applies = query.includes('prefers-reduced-motion: reduce');
    return {
      get matches() {
        return applies && reduce;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
        if (applies) listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
        listeners.delete(listener);
      },
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
  return {
    set(matches) {
      reduce = matches;
      for (const listener of [...listeners]) listener({ matches });
    },
    restore() {
      window.matchMedia = previous;
    },
  };
}
