/**
 * A widget's settings (the user model) with a revision that goes up by one on every save and on a
 * delete. A save names the revision it started from; when the stored one moved on, nothing is
 * written and the caller learns the current revision (the 409 of the save route). A widget key
 * belongs to the site that first saved under it (the contract's keyHeldByAnother; migration 009's
 * unique index): another site's save under it writes nothing and says so (`keyTaken`).
 */
import { isWidgetKey, keyHeldByAnother } from '#client/contract/widgetKey';
import type { Database } from './database';

export interface SettingsKey {
  instanceId: string;
  compId: string;
}

export interface StoredSettings {
  /** Null when nothing was saved, or the settings were deleted. */
  model: unknown;
  /** 0 when nothing was ever saved. */
  revision: number;
}

export type SaveResult = { saved: true; revision: number } | { saved: false; revision: number; keyTaken?: true };

export interface SettingsStore {
  read(key: SettingsKey): Promise<StoredSettings>;
  save(key: SettingsKey, model: unknown, baseRevision: number): Promise<SaveResult>;
  remove(key: SettingsKey): Promise<number>;
  /** True when `key.compId` is a widget key whose settings another site holds: this site may not change them. */
  keyHeldByAnother(key: SettingsKey): Promise<boolean>;
  /** The settings of the widget a widget key names, on the site that holds the key; null when none does. */
  withWidgetKey(widgetKey: string): Promise<{ instanceId: string; model: unknown } | null>;
}

interface Row {
  model: unknown;
  revision: number;
}

export function createSettingsStore(db: Database): SettingsStore {
  async function read({ instanceId, compId }: SettingsKey): Promise<StoredSettings> {
    const rows = await db.query<Row>('SELECT model, revision FROM widget_settings WHERE instance_id = $1 AND comp_id = $2', [instanceId, compId], {
      prepareAs: 'settings_read',
    });
    const row = rows[0];
    return row ? { model: row.model ?? null, revision: row.revision } : { model: null, revision: 0 };
  }

  async function save(key: SettingsKey, model: unknown, baseRevision: number): Promise<SaveResult> {
    const json = JSON.stringify(model);
    // A first save writes nothing on a conflict with either unique index: this site's row, or another site's under the key.
    const rows =
      baseRevision === 0
        ? await db.query<{ revision: number }>(
            `INSERT INTO widget_settings (instance_id, comp_id, model, revision) VALUES ($1, $2, $3::jsonb, 1)
             ON CONFLICT DO NOTHING RETURNING revision`,
            [key.instanceId, key.compId, json],
          )
        : await db.query<{ revision: number }>(
            `UPDATE widget_settings SET model = $3::jsonb, revision = revision + 1, updated_at = now()
             WHERE instance_id = $1 AND comp_id = $2 AND revision = $4 RETURNING revision`,
            [key.instanceId, key.compId, json, baseRevision],
          );
    const saved = rows[0];
    if (saved) return { saved: true, revision: saved.revision };
    const { revision } = await read(key);
    // Only a site with no row of its own under the key can be another site than the holder.
    if (revision === 0 && (await heldByAnother(key))) return { saved: false, revision, keyTaken: true };
    return { saved: false, revision };
  }

  async function remove({ instanceId, compId }: SettingsKey): Promise<number> {
    const rows = await db.query<{ revision: number }>(
      `UPDATE widget_settings SET model = NULL, revision = revision + 1, updated_at = now()
       WHERE instance_id = $1 AND comp_id = $2 AND model IS NOT NULL RETURNING revision`,
      [instanceId, compId],
    );
    return rows[0]?.revision ?? (await read({ instanceId, compId })).revision;
  }

  /** The site holding a widget key (the only row under it: migration 009's unique index), or null. */
  async function holderOf(widgetKey: string): Promise<{ instanceId: string; model: unknown } | null> {
    const rows = await db.query<{ instance_id: string; model: unknown }>('SELECT instance_id, model FROM widget_settings WHERE comp_id = $1 LIMIT 1', [
      widgetKey,
    ]);
    const row = rows[0];
    return row ? { instanceId: row.instance_id, model: row.model ?? null } : null;
  }

  async function heldByAnother({ instanceId, compId }: SettingsKey): Promise<boolean> {
    // A legacy compId is never held by another site: no query for it.
    if (!isWidgetKey(compId)) return false;
    return keyHeldByAnother(compId, instanceId, (await holderOf(compId))?.instanceId ?? null);
  }

  return { read, save, remove, keyHeldByAnother: heldByAnother, withWidgetKey: holderOf };
}
