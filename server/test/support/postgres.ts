/**
 * The real PostgreSQL of the storage tests: TEST_DATABASE_URL (set by .ci/run, which starts a
 * throwaway cluster). Each test file gets its own database, dropped at the end. Without the
 * variable the PostgreSQL half is skipped locally, and fails under CI (CI=true).
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Database } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export function requirePostgresInCi(): void {
  if (!TEST_DATABASE_URL && process.env.CI === 'true') {
    throw new Error('CI must run the storage tests on PostgreSQL: TEST_DATABASE_URL is not set (see .ci/run).');
  }
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function openScratchPostgres(): Promise<{ db: Database; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `dfw_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres({ connectionString: url.toString(), maxConnections: 4 });
  return {
    db,
    async drop() {
      await db.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
    },
  };
}
