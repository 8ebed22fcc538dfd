/**
 * The owner's change that the server has not confirmed yet, kept in localStorage so a reload (or a
 * closed tab) loses nothing: on the next load it is re-sent (sagas/userSaga). Kept per instance and
 * widget; written synchronously on every change, removed once the server confirms the model.
 */
import { readInstancePayload } from '../../api/instance';
import type { QueryValues } from '../../api/queryValues';
import { isRevision } from '../../contract/revision';
import { readUserModel, type UserModel } from '../../contract/userModel';
import { widgetIdOf } from '../../contract/widgetId';
import { safeStorage } from './safeStorage';

export interface PendingChange {
  /** The model the owner made. */
  model: UserModel;
  /** The server's model the change was made on, and its revision. */
  base: UserModel;
  revision: number;
}

export interface PendingStore {
  read(): PendingChange | null;
  write(change: PendingChange): void;
  clear(): void;
}

export function memoryPendingStore(initial: PendingChange | null = null): PendingStore & { current(): PendingChange | null } {
  let value: string | null = initial ? JSON.stringify(initial) : null;
  return {
    read: () => (value ? parsePending(value) : null),
    write: (change) => void (value = JSON.stringify(change)),
    clear: () => void (value = null),
    current: () => (value ? parsePending(value) : null),
  };
}

function parsePending(text: string): PendingChange | null {
  try {
    const raw: unknown = JSON.parse(text);
    if (typeof raw !== 'object' || raw === null) return null;
    const { model, base, revision } = raw as Record<string, unknown>;
    if (!isRevision(revision)) return null;
    return { model: readUserModel(model).model, base: readUserModel(base).model, revision };
  } catch {
    return null;
  }
}

/** The instance's id, read from its payload only to name the storage key (never trusted). */
function instanceIdOf(instance: string | null): string {
  const id = instance ? readInstancePayload(instance)?.instanceId : undefined;
  return typeof id === 'string' && id !== '' ? id : 'local';
}

export const pendingKey = (query: QueryValues): string => `dfw:pending:${instanceIdOf(query.instance)}:${widgetIdOf(query) ?? ''}`;

/** localStorage when the browser allows it (a third-party frame may not), else memory. */
export function localPendingStore(query: QueryValues, win: Window | undefined = typeof window === 'undefined' ? undefined : window): PendingStore {
  const key = pendingKey(query);
  const storage = safeStorage(win);
  return {
    read() {
      const text = storage.getItem(key);
      return text ? parsePending(text) : null;
    },
    write: (change) => storage.setItem(key, JSON.stringify(change)),
    clear: () => storage.removeItem(key),
  };
}
