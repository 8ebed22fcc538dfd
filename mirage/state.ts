/**
 * The mock backend's mutable state, kept apart from the seeded drive (which never changes).
 *
 * The settings panel and the widget are two same-origin iframes, each running its own mock server.
 * The server therefore loads the state from its store on every request and saves it after every
 * change, so both frames (and a reload) see the same thing.
 */

export type AnyoneRole = 'reader' | 'writer';

export interface MockState {
  /** Whether the drive account is connected. */
  connected: boolean;
  /**
   * The owner removed the app's access in their drive account: drive requests answer 401
   * `reconnect_required` (as the real server does) until the owner connects again or disconnects.
   */
  grantEnded: boolean;
  /** Saved user models, keyed by settings key (see `settingsKey` in instance.ts). */
  users: Record<string, Record<string, unknown>>;
  /** The revision of each saved user model (absent: 0, never saved). */
  revisions: Record<string, number>;
  /**
   * The public ("anyone") role of a file where it differs from the seeded drive:
   * a role, or null when the seeded permission was removed.
   */
  permissions: Record<string, AnyoneRole | null>;
  /** Connect tickets not yet used (src/contract/connectTicket.ts): ticket → the widget it was issued for. */
  connectTickets: Record<string, ConnectHold>;
  /** Grants the sign-in page holds for the panel that opened it (src/contract/connectCompletion.ts): completion code → the widget its ticket named. */
  connectCompletions: Record<string, ConnectHold>;
}

/** What a ticket or a completion is for: the widget (settings key) and its site, until when (ms since the epoch). */
export interface ConnectHold {
  key: string;
  instanceId: string;
  expiresAt: number;
}

export interface StateStore {
  load(): MockState;
  save(state: MockState): void;
}

const DEFAULT_STATE_KEY = 'mirage:state';

function emptyState(): MockState {
  return { connected: true, grantEnded: false, users: {}, revisions: {}, permissions: {}, connectTickets: {}, connectCompletions: {} };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads whatever was stored, keeping only well-formed parts (an old or hand-edited value still loads). */
function normalizeState(raw: unknown): MockState {
  const state = emptyState();
  if (!isPlainObject(raw)) return state;
  if (typeof raw.connected === 'boolean') state.connected = raw.connected;
  if (typeof raw.grantEnded === 'boolean') state.grantEnded = raw.grantEnded;
  if (isPlainObject(raw.users)) {
    for (const [key, model] of Object.entries(raw.users)) {
      if (isPlainObject(model)) state.users[key] = model;
    }
  }
  if (isPlainObject(raw.revisions)) {
    for (const [key, revision] of Object.entries(raw.revisions)) {
      if (typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 0) state.revisions[key] = revision;
    }
  }
  if (isPlainObject(raw.permissions)) {
    for (const [fileId, role] of Object.entries(raw.permissions)) {
      if (role === 'reader' || role === 'writer' || role === null) state.permissions[fileId] = role;
    }
  }
  state.connectTickets = holds(raw.connectTickets);
  state.connectCompletions = holds(raw.connectCompletions);
  return state;
}

function isHold(value: unknown): value is ConnectHold {
  return (
    isPlainObject(value) &&
    typeof value.key === 'string' &&
    typeof value.instanceId === 'string' &&
    typeof value.expiresAt === 'number' &&
    Number.isFinite(value.expiresAt)
  );
}

function holds(raw: unknown): Record<string, ConnectHold> {
  const kept: Record<string, ConnectHold> = {};
  if (!isPlainObject(raw)) return kept;
  for (const [code, hold] of Object.entries(raw)) if (isHold(hold)) kept[code] = { key: hold.key, instanceId: hold.instanceId, expiresAt: hold.expiresAt };
  return kept;
}

function copy(state: MockState): MockState {
  return normalizeState(JSON.parse(JSON.stringify(state)));
}

/** Keeps the state in memory. Each load hands out a copy, as a real store would. */
export function memoryStateStore(initial?: Partial<MockState>): StateStore {
  let current = copy({ ...emptyState(), ...initial });
  return {
    load: () => copy(current),
    save: (state) => {
      current = copy(state);
    },
  };
}

function defaultStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // Storage can be blocked (e.g. third-party frames with cookies disabled).
    return null;
  }
}

/**
 * Keeps the state as JSON under `key` in localStorage (shared by same-origin frames and kept across
 * reloads). Falls back to memory when storage is unavailable.
 */
export function localStorageStateStore(key: string = DEFAULT_STATE_KEY, storage: Storage | null = defaultStorage()): StateStore {
  const fallback = memoryStateStore();
  return {
    load() {
      if (!storage) return fallback.load();
      let raw: string | null;
      try {
        raw = storage.getItem(key);
      } catch {
        return fallback.load();
      }
      if (raw === null) return emptyState();
      try {
        return normalizeState(JSON.parse(raw));
      } catch {
        return emptyState();
      }
    },
    save(state) {
      if (!storage) {
        fallback.save(state);
        return;
      }
      try {
        storage.setItem(key, JSON.stringify(state));
      } catch {
        fallback.save(state);
      }
    },
  };
}
