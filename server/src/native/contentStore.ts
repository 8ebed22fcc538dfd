/**
 * Native content in PostgreSQL (migrations 006_native_rendered_content, 008_native_content_pruning):
 * renderings keyed by file id and drive version, with the images each refers to; each widget's
 * pointer to the version it shows (with the file's public flag and the time of the last check);
 * and the images. The check of a widget's file is claimed in one statement, so across any number
 * of server instances the drive is asked at most once per interval. A rendering's `last_used_at`
 * moves on whenever the server makes it, finds it or points a widget at or away from it, and an
 * image's `stored_at` whenever a render keeps it: the sweep (sweep/contentSweep.ts) removes only
 * what has been out of use for its grace period, so nothing a render or a page is using goes. A
 * file made private through our api is hidden for every widget of the site at once (`hide`,
 * migration 010): a check that asked the drive before that cannot make it public again.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { SettingsKey } from '../db/settingsStore';
import { IMAGE_PATH_PREFIX } from '../render/exportLimits';

export interface ShownContent {
  html: string;
  version: number;
  public: boolean;
}

/** Which version of its file a widget shows, and whether visitors may see it: what a page's ETag needs, without the body. */
export interface ShownVersion {
  version: number;
  public: boolean;
}

export interface ContentStore {
  shown(key: SettingsKey, fileId: string): Promise<ShownContent | null>;
  /** As `shown`, without reading the rendering's body. */
  shownVersion(key: SettingsKey, fileId: string): Promise<ShownVersion | null>;
  /** A rendering's HTML; null when it is gone. */
  rendering(fileId: string, version: number): Promise<string | null>;
  /** True when this caller may ask the drive now: no check of this widget's file within `intervalMs`. */
  claimCheck(key: SettingsKey, fileId: string, intervalMs: number): Promise<boolean>;
  /** True when the rendering is stored; it then counts as used now (the sweep leaves it for its grace period). */
  hasRendering(fileId: string, version: number): Promise<boolean>;
  /** Stores a rendering with the images it refers to (our image route's paths in its HTML). */
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
  /** The type of an image of a stored rendering whose file some widget shows publicly; else null (no one may see it). */
  publicImageType(id: string): Promise<string | null>;
  /** The type of a stored image, whoever may see it (for the owner's signed request, imageSignature.ts); null when it is gone. */
  imageType(id: string): Promise<string | null>;
  imageBytes(id: string): Promise<Buffer | null>;
}

export const imageIdOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('base64url');

const IMAGE_REFERENCE = new RegExp(`${IMAGE_PATH_PREFIX}([A-Za-z0-9_-]{43})`, 'g');
/** The images a rendering refers to, by id. */
export const imagesOf = (html: string): string[] => [...new Set(Array.from(html.matchAll(IMAGE_REFERENCE), (m) => m[1]!))];

/** Marks the renderings the widget shows now and the one it is pointed at (`$3`, `$4`) as used. */
const USED_BY_POINTER = `UPDATE native_renderings SET last_used_at = now()
  WHERE (file_id, version) IN (SELECT file_id, version FROM native_widget_content WHERE instance_id = $1 AND comp_id = $2 AND version IS NOT NULL)
     OR (file_id = $3 AND version = $4)`;

/** An image is served while a widget shows its file publicly and a rendering of that file still stored refers to it. */
const PUBLIC_IMAGE = `SELECT i.content_type FROM native_images i
  WHERE i.id = $1 AND EXISTS (
    SELECT 1 FROM native_rendering_images l JOIN native_widget_content w ON w.file_id = l.file_id
     WHERE l.image_id = i.id AND w.public AND w.version IS NOT NULL)`;

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
    async shownVersion({ instanceId, compId }, fileId) {
      const rows = await db.query<{ version: string | number; public: boolean }>(
        `SELECT w.version, w.public FROM native_widget_content w
         WHERE w.instance_id = $1 AND w.comp_id = $2 AND w.file_id = $3
           AND EXISTS (SELECT 1 FROM native_renderings r WHERE r.file_id = w.file_id AND r.version = w.version)`,
        [instanceId, compId, fileId],
        { prepareAs: 'native_shown_version' },
      );
      const row = rows[0];
      return row ? { version: Number(row.version), public: row.public } : null;
    },
    async rendering(fileId, version) {
      const rows = await db.query<{ html: string }>('SELECT html FROM native_renderings WHERE file_id = $1 AND version = $2', [fileId, version]);
      return rows[0]?.html ?? null;
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
      const rows = await db.query('UPDATE native_renderings SET last_used_at = now() WHERE file_id = $1 AND version = $2 RETURNING 1', [fileId, version]);
      return rows.length > 0;
    },
    async saveRendering(fileId, version, html) {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO native_renderings (file_id, version, html) VALUES ($1, $2, $3)
           ON CONFLICT (file_id, version) DO UPDATE SET last_used_at = now()`,
          [fileId, version, html],
        );
        await tx.query(
          `INSERT INTO native_rendering_images (file_id, version, image_id) SELECT $1, $2, unnest($3::text[])
           ON CONFLICT DO NOTHING`,
          [fileId, version, imagesOf(html)],
        );
      });
    },
    async now() {
      const [row] = await db.query<{ now: string }>('SELECT now()::text AS now');
      return row!.now;
    },
    async point({ instanceId, compId }, fileId, version, isPublic, askedAt) {
      // The rendering it leaves counts as used now: a page or a shared cache may still hold it a while.
      await db.query(
        `WITH used AS (${USED_BY_POINTER})
         INSERT INTO native_widget_content (instance_id, comp_id, file_id, version, public, checked_at) VALUES ($1, $2, $3, $4, $5, now())
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
      // Kept again: counts as new, so the sweep leaves it to the rendering about to refer to it.
      await db.query('INSERT INTO native_images (id, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET stored_at = now()', [
        id,
        contentType,
        bytes,
      ]);
      return id;
    },
    async publicImageType(id) {
      const rows = await db.query<{ content_type: string }>(PUBLIC_IMAGE, [id], { prepareAs: 'native_public_image' });
      return rows[0]?.content_type ?? null;
    },
    async imageType(id) {
      const rows = await db.query<{ content_type: string }>('SELECT content_type FROM native_images WHERE id = $1', [id]);
      return rows[0]?.content_type ?? null;
    },
    async imageBytes(id) {
      const rows = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM native_images WHERE id = $1', [id]);
      const row = rows[0];
      return row ? Buffer.from(row.bytes) : null;
    },
  };
}
