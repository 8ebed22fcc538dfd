/**
 * The two facts the sweeper works from, kept beside each widget's settings (migration 003):
 * - a read: the settings' `last_read_at` moves on when a page reads them, at most once per
 *   TOUCH_INTERVAL_MS per widget and server (a read is not a write each time); a read also
 *   withdraws a deletion announced on settings that are still there (the owner still uses them);
 * - a deletion: announced when the delete route starts, confirmed when all its work is done.
 */
import type { Database } from '../db/database';
import type { SettingsKey, SettingsStore } from '../db/settingsStore';

export const TOUCH_INTERVAL_MS = 3_600_000;
/** The widgets a server remembers having touched; beyond it, it forgets them all (and touches again). */
const TOUCHED_LIMIT = 50_000;

export interface ReadLog {
  warn(obj: object, msg: string): void;
}

export interface SettingsLifecycle {
  /** The store, whose reads are recorded. */
  tracked(store: SettingsStore): SettingsStore;
  announceDeletion(key: SettingsKey): Promise<void>;
  confirmDeletion(key: SettingsKey, announcedAt?: Date): Promise<void>;
}

export function createSettingsLifecycle(db: Database, log: ReadLog, now: () => number = Date.now): SettingsLifecycle {
  const touched = new Map<string, number>();

  async function touch(key: SettingsKey): Promise<void> {
    const id = `${key.instanceId}\u0000${key.compId}`;
    const last = touched.get(id);
    if (last !== undefined && now() - last < TOUCH_INTERVAL_MS) return;
    if (touched.size >= TOUCHED_LIMIT) touched.clear();
    touched.set(id, now());
    try {
      await db.query(
        `UPDATE widget_settings SET last_read_at = now(),
           deletion_announced_at = CASE WHEN model IS NULL THEN deletion_announced_at END
         WHERE instance_id = $1 AND comp_id = $2`,
        [key.instanceId, key.compId],
      );
    } catch (err) {
      touched.delete(id);
      // The read itself succeeded: the page gets its settings; the sweeper just learns of it later.
      log.warn({ err }, 'settings read not recorded for the sweeper');
    }
  }

  return {
    tracked: (store) => ({
      ...store,
      async read(key) {
        const stored = await store.read(key);
        if (stored.revision > 0) await touch(key);
        return stored;
      },
    }),
    async announceDeletion({ instanceId, compId }) {
      touched.delete(`${instanceId}\u0000${compId}`);
      await db.query('UPDATE widget_settings SET deletion_announced_at = now() WHERE instance_id = $1 AND comp_id = $2', [instanceId, compId]);
    },
    async confirmDeletion({ instanceId, compId }, announcedAt) {
      await db.query(
        `UPDATE widget_settings SET deletion_announced_at = NULL
         WHERE instance_id = $1 AND comp_id = $2 AND ($3::timestamptz IS NULL OR deletion_announced_at = $3::timestamptz)`,
        [instanceId, compId, announcedAt ?? null],
      );
    },
  };
}
