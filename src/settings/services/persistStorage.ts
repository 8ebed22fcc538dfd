/** Storage for redux-persist that never throws (safeStorage: localStorage, else memory). */
import type { Storage as PersistStorage } from 'redux-persist';
import { safeStorage } from './safeStorage';

export function safePersistStorage(win: Window | undefined = typeof window === 'undefined' ? undefined : window): PersistStorage {
  const storage = safeStorage(win);
  return {
    getItem: (key: string) => Promise.resolve(storage.getItem(key)),
    setItem: (key: string, value: string) => Promise.resolve(storage.setItem(key, value)),
    removeItem: (key: string) => Promise.resolve(storage.removeItem(key)),
  };
}
