/**
 * Storage for redux-persist that never throws: the panel runs in a third-party iframe where the
 * browser may refuse localStorage; then state lives in memory for the session.
 */
import type { Storage as PersistStorage } from 'redux-persist';

export function safePersistStorage(win: Window | undefined = typeof window === 'undefined' ? undefined : window): PersistStorage {
  const memory = new Map<string, string>();
  let local: Storage | null = null;
  try {
    local = win?.localStorage ?? null;
    local?.getItem('__dfw_probe__');
  } catch {
    local = null;
  }
  const attempt = <T>(run: () => T, fallback: () => T): T => {
    try {
      return local ? run() : fallback();
    } catch {
      return fallback();
    }
  };
  // A write localStorage refused (quota, private mode) lives in memory and wins over the older
  // value localStorage may still hold for the key.
  return {
    getItem: (key: string) =>
      Promise.resolve(
        memory.has(key)
          ? (memory.get(key) ?? null)
          : attempt(
              () => local!.getItem(key),
              () => null,
            ),
      ),
    setItem: (key: string, value: string) =>
      Promise.resolve(
        attempt(
          () => {
            local!.setItem(key, value);
            memory.delete(key);
          },
          () => void memory.set(key, value),
        ),
      ),
    removeItem: (key: string) => {
      memory.delete(key);
      return Promise.resolve(
        attempt(
          () => local!.removeItem(key),
          () => undefined,
        ),
      );
    },
  };
}
