/**
 * Cookies the panel keeps (spec §9: `connected`, `doNotShowAgain`). The panel runs in the editor's
 * iframe, a third-party context: on https cookies are set `SameSite=None; Secure`. Where the
 * browser refuses them (blocked third-party cookies), values fall back to storage the page may
 * use, and to memory when even that is refused, so the panel still behaves.
 */
import Cookies from 'js-cookie';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function usableStorage(win: Window): StorageLike {
  try {
    const storage = win.localStorage;
    const probe = '__dfw_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
  }
}

export function createCookieJar(win: Window = window): CookieJar {
  const secure = win.location.protocol === 'https:';
  const attributes: Cookies.CookieAttributes = secure
    ? { path: '/', sameSite: 'None', secure: true, expires: 365 }
    : { path: '/', sameSite: 'Lax', expires: 365 };
  const fallback = usableStorage(win);
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
