/**
 * The write limit's counters in SQL (`write_limits`), so every instance of the server counts for
 * the same site in the same row: one atomic statement adds the request to the current fixed
 * window (the database's clock decides the window, not each machine's) and tells the count.
 */
import type { Queryable } from './database';

export interface WriteCount {
  /** Requests in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface WriteLimitStore {
  add(key: string, windowMs: number): Promise<WriteCount>;
}

const COUNT = `
  INSERT INTO write_limits AS w (key, window_start, count)
  VALUES ($1, floor(extract(epoch FROM clock_timestamp()) * 1000 / $2)::bigint * $2, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN w.window_start = EXCLUDED.window_start THEN w.count + 1 ELSE 1 END,
    window_start = EXCLUDED.window_start
  RETURNING count, (window_start + $2 - extract(epoch FROM clock_timestamp()) * 1000)::float8 AS reset_in_ms`;

export function createWriteLimitStore(db: Queryable): WriteLimitStore {
  return {
    async add(key, windowMs) {
      const [row] = await db.query<{ count: number; reset_in_ms: number }>(COUNT, [key, windowMs]);
      if (!row) throw new Error('The write limit statement returned no row.');
      return { count: row.count, resetInMs: Math.max(0, Math.ceil(row.reset_in_ms)) };
    },
  };
}
