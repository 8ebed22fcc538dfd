/**
 * The sweep of native content (migrations 006 and 008): what no page can ask for any more.
 * - A widget's pointer (native_widget_content) once its settings are gone: deleted or swept for
 *   longer than the grace period (an undo within it finds them), or no longer there at all.
 * - A rendering no widget points at, out of use (`last_used_at`: made, found, pointed at or away
 *   from) for the grace period: superseded by a newer version, or its widget's pointer gone. Kept
 *   meanwhile, so a page or a shared cache still holding it gets its images.
 * - An image no stored rendering refers to, kept for the grace period (`stored_at`: a render keeps
 *   it again before its rendering is stored).
 * Each round is one transaction under the sweep's advisory lock (a server that finds it taken
 * skips its turn) and removes at most `batchSize` rows of each kind; rows a request holds are
 * skipped (SKIP LOCKED) and taken by a later sweep.
 */
import type { Database, Queryable } from '../db/database';

export interface ContentSweepResult {
  widgets: number;
  renderings: number;
  images: number;
}

const GONE_WIDGETS = `
  WITH gone AS (
    DELETE FROM native_widget_content w WHERE (w.instance_id, w.comp_id) IN (
      SELECT c.instance_id, c.comp_id FROM native_widget_content c
       WHERE NOT EXISTS (SELECT 1 FROM widget_settings s WHERE s.instance_id = c.instance_id AND s.comp_id = c.comp_id
                           AND (s.model IS NOT NULL OR s.updated_at >= $1))
       LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int AS removed FROM gone`;

const UNUSED_RENDERINGS = `
  WITH gone AS (
    DELETE FROM native_renderings r WHERE (r.file_id, r.version) IN (
      SELECT x.file_id, x.version FROM native_renderings x
       WHERE x.last_used_at < $1
         AND NOT EXISTS (SELECT 1 FROM native_widget_content w WHERE w.file_id = x.file_id AND w.version = x.version)
       LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING r.file_id, r.version),
  links AS (DELETE FROM native_rendering_images l USING gone g WHERE l.file_id = g.file_id AND l.version = g.version)
  SELECT count(*)::int AS removed FROM gone`;

const UNREFERENCED_IMAGES = `
  WITH gone AS (
    DELETE FROM native_images i WHERE i.id IN (
      SELECT x.id FROM native_images x
       WHERE x.stored_at < $1 AND NOT EXISTS (SELECT 1 FROM native_rendering_images l WHERE l.image_id = x.id)
       LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int AS removed FROM gone`;

/** The most rounds one sweep runs (each a transaction of at most `batchSize` rows of each kind); the next sweep takes the rest. */
const MAX_ROUNDS = 20;

async function removed(tx: Queryable, sql: string, cutoff: Date, batchSize: number): Promise<number> {
  const [row] = await tx.query<{ removed: number }>(sql, [cutoff, batchSize]);
  return row?.removed ?? 0;
}

/** One round, or null when another server holds the sweep's lock. */
async function round(db: Database, lockId: number, cutoff: Date, batchSize: number): Promise<ContentSweepResult | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS taken', [lockId]);
    if (!lock?.taken) return null;
    // In this order: a widget's pointer gone frees its rendering, a rendering gone its images.
    const widgets = await removed(tx, GONE_WIDGETS, cutoff, batchSize);
    const renderings = await removed(tx, UNUSED_RENDERINGS, cutoff, batchSize);
    const images = await removed(tx, UNREFERENCED_IMAGES, cutoff, batchSize);
    return { widgets, renderings, images };
  });
}

/** Removes what is out of use since before `cutoff`, in rounds until one leaves nothing more to take. */
export async function sweepContent(db: Database, lockId: number, cutoff: Date, batchSize: number): Promise<ContentSweepResult> {
  const total: ContentSweepResult = { widgets: 0, renderings: 0, images: 0 };
  for (let n = 0; n < MAX_ROUNDS; n += 1) {
    const done = await round(db, lockId, cutoff, batchSize);
    if (!done) break;
    total.widgets += done.widgets;
    total.renderings += done.renderings;
    total.images += done.images;
    if (Math.max(done.widgets, done.renderings, done.images) < batchSize) break;
  }
  return total;
}
