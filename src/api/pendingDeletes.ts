/**
 * The pending deletes of one site in this browser (the rule: src/contract/pendingDeletes.ts), kept
 * in localStorage on our origin when the browser allows it; nothing is kept when it does not.
 */
import { readInstancePayload } from './instance';
import { isStorableId } from '../contract/text';
import { pendingDeletesKey, readPendingDeletes, withoutPendingDelete, withPendingDelete, type PendingDelete } from '../contract/pendingDeletes';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface PendingDeletes {
  /** The live entries, oldest first (expired ones are dropped from storage as they are read). */
  list(): PendingDelete[];
  record(widget: string): void;
  drop(widget: string): void;
}

/** The site's instanceId from an instance's payload (its signature unchecked: only to match pages of one site); null when none. */
export function siteOfInstance(instance: string | null): string | null {
  const id = instance ? readInstancePayload(instance)?.instanceId : undefined;
  return isStorableId(id) && id !== '' ? id : null;
}

/** The page's localStorage, or null where the browser refuses it (a third-party frame may). */
export function browserStorage(win: Window | undefined = typeof window === 'undefined' ? undefined : window): KeyValueStorage | null {
  try {
    const storage = win?.localStorage ?? null;
    storage?.getItem(pendingDeletesKey(''));
    return storage;
  } catch {
    return null;
  }
}

/** A site's pending deletes; every storage failure (quota, refusal) leaves things as they were. */
export function pendingDeletesOf(storage: KeyValueStorage | null, site: string, now: () => number = Date.now): PendingDeletes {
  const key = pendingDeletesKey(site);
  const read = (): PendingDelete[] => {
    try {
      return readPendingDeletes(storage?.getItem(key) ?? null, now());
    } catch {
      return [];
    }
  };
  const write = (list: PendingDelete[]) => {
    try {
      if (list.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(list));
    } catch {
      // Nothing is kept: the server's sweep remains.
    }
  };
  return {
    list() {
      const live = read();
      write(live);
      return live;
    },
    record: (widget) => write(withPendingDelete(read(), widget, now())),
    drop: (widget) => write(withoutPendingDelete(read(), widget)),
  };
}
