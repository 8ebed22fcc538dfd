/**
 * What the fleet knows of a file version's failed renders (migration 011, `native_render_failures`):
 * an unrenderable verdict holds until the file changes on the drive; a failed or timed-out render
 * is not tried again before its backoff ends (RENDER_BACKOFF: doubling from the first to the
 * longest wait). Kept in PostgreSQL, so an instance never tries what another one learnt fails.
 */
import type { Database } from '../db/database';
import { UnrenderableError, type UnrenderableReason } from '../render/unrenderable';

/** The waits after a version's 1st, 2nd, … failed render: 5 min, doubling, at most 6 h. */
export const RENDER_BACKOFF = { firstMs: 5 * 60_000, longestMs: 6 * 3600_000 };

/** A version whose last render failed, within its backoff: not tried before `retryAfterSeconds`. */
export class RenderBackoffError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`The last render of this version failed (${message}); it is tried again in ${retryAfterSeconds} s.`);
    this.name = 'RenderBackoffError';
  }
}

export interface RenderFailures {
  /** Why this version is not to be rendered now (UnrenderableError or RenderBackoffError), or null. */
  known(fileId: string, version: number): Promise<Error | null>;
  /** A render of this version failed (an UnrenderableError's reason holds until the file changes). */
  record(fileId: string, version: number, error: Error): Promise<void>;
  /** A version of the file rendered: its failures and those of older versions are forgotten. */
  rendered(fileId: string, version: number): Promise<void>;
}

interface Row {
  unrenderable: UnrenderableReason | null;
  message: string;
  /** Seconds until the backoff ends (null for an unrenderable verdict, which never ends). */
  wait_s: number | null;
}

const RECORD = `
  INSERT INTO native_render_failures AS f (file_id, version, failures, unrenderable, message, retry_at)
  VALUES ($1, $2, 1, $3::text, $4, CASE WHEN $3::text IS NULL THEN now() + $5::double precision * interval '1 millisecond' ELSE 'infinity' END)
  ON CONFLICT (file_id, version) DO UPDATE SET
    failures = f.failures + 1,
    unrenderable = EXCLUDED.unrenderable,
    message = EXCLUDED.message,
    retry_at = CASE WHEN EXCLUDED.unrenderable IS NULL
      THEN now() + least($6::double precision, $5::double precision * power(2, f.failures)) * interval '1 millisecond'
      ELSE 'infinity' END`;

export function createRenderFailures(db: Database): RenderFailures {
  return {
    async known(fileId, version) {
      const [row] = await db.query<Row>(
        `SELECT unrenderable, message, CASE WHEN unrenderable IS NULL THEN extract(epoch FROM retry_at - now())::float8 END AS wait_s
         FROM native_render_failures
         WHERE file_id = $1 AND version = $2 AND retry_at > now()`,
        [fileId, version],
      );
      if (!row) return null;
      if (row.unrenderable) return new UnrenderableError(row.unrenderable, row.message);
      return new RenderBackoffError(row.message, Math.max(1, Math.ceil(row.wait_s ?? 0)));
    },
    async record(fileId, version, error) {
      const reason = error instanceof UnrenderableError ? error.reason : null;
      await db.query(RECORD, [fileId, version, reason, error.message, RENDER_BACKOFF.firstMs, RENDER_BACKOFF.longestMs]);
      await db.query('DELETE FROM native_render_failures WHERE file_id = $1 AND version < $2', [fileId, version]);
    },
    async rendered(fileId, version) {
      await db.query('DELETE FROM native_render_failures WHERE file_id = $1 AND version <= $2', [fileId, version]);
    },
  };
}
