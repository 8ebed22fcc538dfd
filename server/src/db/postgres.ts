/** PostgreSQL through `pg`'s pool. */
import { Pool } from 'pg';
import type { Database, Queryable } from './database';

export interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
  /** Per statement, in ms. */
  statementTimeoutMs?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
  });
  // A broken idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  return {
    engine: 'postgres',
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as Row[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = { query: async <Row>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as Row[] };
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
