import { useSyncExternalStore } from 'react';

/** Animation times of spec §9, ms. */
export const DROPDOWN_SLIDE_MS = 150;
export const DROPDOWN_AUTO_CLOSE_MS = 50_000;
export const ACCORDION_MS = 150;
export const PAGE_FADE_IN_MS = 140;

const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = (): boolean => mediaQuery()?.matches ?? false;

/** True while the owner's system asks for reduced motion; follows changes of the setting. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/** The duration to animate with: `ms`, or none when the owner asked for reduced motion. */
export function useMotionMs(ms: number): number {
  return useReducedMotion() ? 0 : ms;
}
