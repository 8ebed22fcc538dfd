/**
 * Native content in PostgreSQL (migration 006_native_rendered_content): renderings keyed by file
 * id and drive version, each widget's pointer to the version it shows (with the file's public
 * flag and the time of the last check), and the images. The check of a widget's file is claimed
 * in one statement, so across any number of server instances the drive is asked at most once per
 * interval. A file made private through our api is hidden for every widget of the site at once
 * (`hide`, migration 009): a check that asked the drive before that cannot make it public again.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { SettingsKey } from '../db/settingsStore';

export interface ShownContent {
  html: string;
  version: number;
  public: boolean;
}

export interface StoredImageBytes {
  contentType: string;
  bytes: Buffer;
}

export interface ContentStore {
  shown(key: SettingsKey, fileId: string): Promise<ShownContent | null>;
  /** True when this caller may ask the drive now: no check of this widget's file within `intervalMs`. */
  claimCheck(key: SettingsKey, fileId: string, intervalMs: number): Promise<boolean>;
  hasRendering(fileId: string, version: number): Promise<boolean>;
  saveRendering(fileId: string, version: number, html: string): Promise<void>;
  /** The database's clock (text), taken before a check asks the drive: its `askedAt`. */
  now(): Promise<string>;
  /** What the widget shows; public only if no `hide` of the site's file came at or after `askedAt`. */
  point(key: SettingsKey, fileId: string, version: number, isPublic: boolean, askedAt: string): Promise<void>;
  /** The drive's sharing of the widget's file, for the copy it shows (kept while a newer version is not rendered); public as for `point`. */
  setPublic(key: SettingsKey, fileId: string, isPublic: boolean, askedAt: string): Promise<void>;
  /** The site's owner made the file private through our api: no widget of the site shows it to visitors from now on. */
  hide(instanceId: string, fileId: string): Promise<void>;
  /** The site's owner shared the file through our api: public again for every widget of the site that has a copy of it. */
  reveal(instanceId: string, fileId: string): Promise<void>;
  /** The file is gone, or no longer shown natively: nothing is shown for this widget. */
  forget(key: SettingsKey): Promise<void>;
  saveImage(bytes: Buffer, contentType: string): Promise<string>;
  image(id: string): Promise<StoredImageBytes | null>;
}

export const imageIdOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('base64url');

export function createContentStore(db: Database): ContentStore {
  return {
    async shown({ instanceId, compId }, fileId) {
      const rows = await db.query<{ html: string; version: string | number; public: boolean }>(
        `SELECT r.html, w.version, w.public FROM native_widget_content w
         JOIN native_renderings r ON r.file_id = w.file_id AND r.version = w.version
         WHERE w.instance_id = $1 AND w.comp_id = $2 AND w.file_id = $3`,
        [instanceId, compId, fileId],
      );
      const row = rows[0];
      return row ? { html: row.html, version: Number(row.version), public: row.public } : null;
    },
    async claimCheck({ instanceId, compId }, fileId, intervalMs) {
      const rows = await db.query<{ claimed: boolean }>(
        `INSERT INTO native_widget_content (instance_id, comp_id, file_id, checked_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (instance_id, comp_id) DO UPDATE SET checked_at = now(),
           file_id = EXCLUDED.file_id,
           version = CASE WHEN native_widget_content.file_id = EXCLUDED.file_id THEN native_widget_content.version END
         WHERE native_widget_content.file_id <> EXCLUDED.file_id
            OR native_widget_content.checked_at <= now() - ($4::double precision * interval '1 millisecond')
         RETURNING true AS claimed`,
        [instanceId, compId, fileId, intervalMs],
      );
      return rows.length > 0;
    },
    async hasRendering(fileId, version) {
      return (await db.query('SELECT 1 FROM native_renderings WHERE file_id = $1 AND version = $2', [fileId, version])).length > 0;
    },
    async saveRendering(fileId, version, html) {
      await db.query('INSERT INTO native_renderings (file_id, version, html) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [fileId, version, html]);
    },
    async now() {
      const [row] = await db.query<{ now: string }>('SELECT now()::text AS now');
      return row!.now;
    },
    async point({ instanceId, compId }, fileId, version, isPublic, askedAt) {
      await db.query(
        `INSERT INTO native_widget_content (instance_id, comp_id, file_id, version, public, checked_at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (instance_id, comp_id) DO UPDATE SET file_id = $3, version = $4,
           public = $5 AND (native_widget_content.hidden_at IS NULL OR native_widget_content.hidden_at < $6::timestamptz)`,
        [instanceId, compId, fileId, version, isPublic, askedAt],
      );
    },
    async setPublic({ instanceId, compId }, fileId, isPublic, askedAt) {
      await db.query(
        `UPDATE native_widget_content SET public = $4 AND (hidden_at IS NULL OR hidden_at < $5::timestamptz)
         WHERE instance_id = $1 AND comp_id = $2 AND file_id = $3`,
        [instanceId, compId, fileId, isPublic, askedAt],
      );
    },
    async hide(instanceId, fileId) {
      await db.query('UPDATE native_widget_content SET public = false, hidden_at = now() WHERE instance_id = $1 AND file_id = $2', [instanceId, fileId]);
    },
    async reveal(instanceId, fileId) {
      await db.query('UPDATE native_widget_content SET public = true, hidden_at = NULL WHERE instance_id = $1 AND file_id = $2 AND version IS NOT NULL', [
        instanceId,
        fileId,
      ]);
    },
    async forget({ instanceId, compId }) {
      await db.query('UPDATE native_widget_content SET version = NULL, public = false WHERE instance_id = $1 AND comp_id = $2', [instanceId, compId]);
    },
    async saveImage(bytes, contentType) {
      const id = imageIdOf(bytes);
      await db.query('INSERT INTO native_images (id, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, contentType, bytes]);
      return id;
    },
    async image(id) {
      const rows = await db.query<{ content_type: string; bytes: Uint8Array }>('SELECT content_type, bytes FROM native_images WHERE id = $1', [id]);
      const row = rows[0];
      return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
    },
  };
}
