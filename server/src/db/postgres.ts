/**
 * PostgreSQL through `pg`'s pool, bounded in time: a connection is given within `connectTimeoutMs`
 * (a new one, or a free one of the pool), and a statement answers within `queryTimeoutMs` (checked
 * by the server and by the client, so a database that stopped answering does not hang a request).
 * A database that cannot answer throws DatabaseUnavailableError; a broken connection is dropped
 * and the next request gets a fresh one, so the pool recovers by itself when the database returns.
 *
 * The database may end any connection at any moment (a restart, a failover, pg_terminate_backend):
 * idle in the pool, checked out, in a transaction, between two statements. Every connection keeps
 * an error listener for its whole life, so such an end never reaches Node as an unhandled 'error'
 * (which would end the process); the connection is dropped when it is given back, and the
 * statement it ran fails as unavailable. A statement that is safe to run twice is run once more on
 * another connection: a read (SELECT), a statement the dead connection never sent, and a
 * transaction whose BEGIN found the connection dead.
 * TLS comes from the URL (`sslmode=require` or `verify-full`, for a managed database).
 */
import { performance } from 'node:perf_hooks';
import { Pool, type PoolClient } from 'pg';
import type { Database, PoolStats, Queryable, QueryOptions } from './database';
import { asUnavailable, connectionLost, DatabaseUnavailableError, neverSent, unavailableReason } from './unavailable';

export interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
  /** Longest wait for a connection, in ms. */
  connectTimeoutMs?: number;
  /** Longest statement, in ms. */
  queryTimeoutMs?: number;
  /** Whether opening checks the database answers (default true). */
  checkOnOpen?: boolean;
}

/**
 * SQLSTATEs of a prepared statement its connection cannot run as prepared: gone (26000, e.g. lost
 * by a pooler in front) or planned for columns a migration has changed since (0A000, "cached plan
 * must not change result type"). Its connection is dropped and the statement runs again unprepared.
 */
const STALE_STATEMENT_STATES = new Set(['26000', '0A000']);
const staleStatement = (error: unknown) => STALE_STATEMENT_STATES.has(String((error as { code?: unknown } | null)?.code));

/** A statement that only reads: run again on another connection when its own was lost. */
const READ = /^\s*SELECT\b/i;

/** Whether a failure of a statement on a lost connection may be run once more on another. */
type RetryRule = (error: unknown) => boolean;

export const POOL_DEFAULTS = { maxConnections: 10, connectTimeoutMs: 1_000, queryTimeoutMs: 1_500 };

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const max = options.maxConnections ?? POOL_DEFAULTS.maxConnections;
  const queryTimeout = options.queryTimeoutMs ?? POOL_DEFAULTS.queryTimeoutMs;
  const pool = new Pool({
    connectionString: options.connectionString,
    max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? POOL_DEFAULTS.connectTimeoutMs,
    statement_timeout: queryTimeout,
    // The client's own limit fires a little later than the server's, for a database that no longer answers at all.
    query_timeout: queryTimeout + 250,
  });
  // Idle connections the database ended: the pool drops them (its own listener) and tells us here.
  pool.on('error', () => undefined);
  // Every connection, for its whole life (the pool's listener covers idle ones only).
  const lost = new WeakSet<object>();
  const counts = { acquired: 0, seconds: 0, lost: 0 };
  pool.on('connect', (client) =>
    client.on('error', () => {
      if (lost.has(client)) return;
      lost.add(client);
      counts.lost += 1;
    }),
  );

  async function acquire(): Promise<PoolClient> {
    const started = performance.now();
    try {
      return await pool.connect();
    } catch (error) {
      throw asUnavailable(error);
    } finally {
      counts.acquired += 1;
      counts.seconds += (performance.now() - started) / 1000;
    }
  }

  /** Runs `work` on a pooled connection; one the database broke is destroyed, not reused. */
  async function once<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await acquire();
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      if (unavailableReason(error) !== null || staleStatement(error) || lost.has(client)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken ?? (lost.has(client) ? new Error('connection lost') : undefined));
    }
  }

  /** `once`, and once more on another connection when its own was lost and `retry` allows; failures as unavailable. */
  async function withClient<T>(work: (client: PoolClient) => Promise<T>, retry: RetryRule = neverSent): Promise<T> {
    try {
      return await once(work);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError || !connectionLost(error) || !retry(error)) throw asUnavailable(error);
    }
    try {
      return await once(work);
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  const db: Database = {
    engine: 'postgres',
    async query<Row>(sql: string, params: unknown[] = [], { prepareAs }: QueryOptions = {}) {
      const retry: RetryRule = READ.test(sql) ? () => true : neverSent;
      const run = (name?: string) => withClient(async (client) => (await client.query({ text: sql, values: params, name })).rows as Row[], retry);
      if (prepareAs === undefined) return run();
      try {
        return await run(prepareAs);
      } catch (error) {
        if (!staleStatement(error)) throw error;
        return run();
      }
    },
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      let begun = false;
      return withClient(
        async (client) => {
          await client.query('BEGIN');
          begun = true;
          try {
            const result = await work({ query: async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[] });
            await client.query('COMMIT');
            return result;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        },
        () => !begun,
      );
    },
    close: () => pool.end(),
    stats: (): PoolStats => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
      acquired: counts.acquired,
      waitSeconds: counts.seconds,
      lost: counts.lost,
    }),
  };
  if (options.checkOnOpen !== false) await db.query('SELECT 1');
  return db;
}
