/**
 * Cookies the panel keeps (spec §9: `connected`, `doNotShowAgain`). The panel runs in the editor's
 * iframe, a third-party context: on https cookies are set `SameSite=None; Secure`. Where the
 * browser refuses them (blocked third-party cookies), values fall back to storage the page may
 * use, and to memory when even that is refused, so the panel still behaves.
 */
import Cookies from 'js-cookie';
import { safeStorage } from './safeStorage';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

export function createCookieJar(win: Window = window): CookieJar {
  const secure = win.location.protocol === 'https:';
  const attributes: Cookies.CookieAttributes = secure
    ? { path: '/', sameSite: 'None', secure: true, expires: 365 }
    : { path: '/', sameSite: 'Lax', expires: 365 };
  const fallback = safeStorage(win);
  const key = (name: string) => `cookie:${name}`;
  return {
    get(name) {
      return Cookies.get(name) ?? fallback.getItem(key(name)) ?? undefined;
    },
    set(name, value) {
      Cookies.set(name, value, attributes);
      // Keep the storage copy in step, so a refused cookie never leaves a stale value behind.
      fallback.setItem(key(name), value);
    },
  };
}

/** A jar that keeps values in memory: for tests and for pages that may use neither. */
export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (name) => values.get(name), set: (name, value) => void values.set(name, value) };
}
