/**
 * localStorage that never throws. The panel runs in a third-party iframe, where the browser may
 * refuse localStorage (blocked third-party storage, private modes, quota): then values live in
 * memory for the visit. A write localStorage refused is kept in memory and wins over the older
 * value localStorage may still hold for the key.
 */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function localStorageOf(win: Window | undefined): Storage | null {
  try {
    const local = win?.localStorage ?? null;
    local?.getItem('__dfw_probe__');
    return local;
  } catch {
    return null;
  }
}

export function safeStorage(win: Window | undefined = typeof window === 'undefined' ? undefined : window): SafeStorage {
  const memory = new Map<string, string>();
  const local = localStorageOf(win);
  const attempt = <T>(run: (storage: Storage) => T, fallback: () => T): T => {
    try {
      return local ? run(local) : fallback();
    } catch {
      return fallback();
    }
  };
  return {
    getItem: (key) =>
      memory.has(key)
        ? (memory.get(key) ?? null)
        : attempt(
            (storage) => storage.getItem(key),
            () => null,
          ),
    setItem: (key, value) =>
      attempt(
        (storage) => {
          storage.setItem(key, value);
          memory.delete(key);
        },
        () => void memory.set(key, value),
      ),
    removeItem: (key) => {
      memory.delete(key);
      attempt(
        (storage) => storage.removeItem(key),
        () => undefined,
      );
    },
  };
}
