/**
 * A widget's settings (the user model) with a revision that goes up by one on every save and on a
 * delete. A save names the revision it started from; when the stored one moved on, nothing is
 * written and the caller learns the current revision (the 409 of the save route).
 */
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

export type SaveResult = { saved: true; revision: number } | { saved: false; revision: number };

export interface SettingsStore {
  read(key: SettingsKey): Promise<StoredSettings>;
  save(key: SettingsKey, model: unknown, baseRevision: number): Promise<SaveResult>;
  remove(key: SettingsKey): Promise<number>;
  /** The widgets named by `compId` on any site (at most two: a widget key names one widget, a second is a copy). */
  withCompId(compId: string): Promise<{ instanceId: string; model: unknown }[]>;
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
    const rows =
      baseRevision === 0
        ? await db.query<{ revision: number }>(
            `INSERT INTO widget_settings (instance_id, comp_id, model, revision) VALUES ($1, $2, $3::jsonb, 1)
             ON CONFLICT (instance_id, comp_id) DO NOTHING RETURNING revision`,
            [key.instanceId, key.compId, json],
          )
        : await db.query<{ revision: number }>(
            `UPDATE widget_settings SET model = $3::jsonb, revision = revision + 1, updated_at = now()
             WHERE instance_id = $1 AND comp_id = $2 AND revision = $4 RETURNING revision`,
            [key.instanceId, key.compId, json, baseRevision],
          );
    const saved = rows[0];
    if (saved) return { saved: true, revision: saved.revision };
    return { saved: false, revision: (await read(key)).revision };
  }

  async function remove({ instanceId, compId }: SettingsKey): Promise<number> {
    const rows = await db.query<{ revision: number }>(
      `UPDATE widget_settings SET model = NULL, revision = revision + 1, updated_at = now()
       WHERE instance_id = $1 AND comp_id = $2 AND model IS NOT NULL RETURNING revision`,
      [instanceId, compId],
    );
    return rows[0]?.revision ?? (await read({ instanceId, compId })).revision;
  }

  async function withCompId(compId: string): Promise<{ instanceId: string; model: unknown }[]> {
    const rows = await db.query<{ instance_id: string; model: unknown }>('SELECT instance_id, model FROM widget_settings WHERE comp_id = $1 LIMIT 2', [compId]);
    return rows.map((row) => ({ instanceId: row.instance_id, model: row.model ?? null }));
  }

  return { read, save, remove, withCompId };
}
