/** A server on an in-memory PGlite (or a given database), with its log lines captured. */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import type { BuiltPages } from '../../src/pages/builtPages';
import { TEST_SECRET } from './instances';
import { openNewPglite } from './pgliteCluster';

export function testConfig(over: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'production', APP_SECRET: TEST_SECRET, LOG_LEVEL: 'info' }), ...over };
}

export async function openTestDatabase(): Promise<Database> {
  const db = await openNewPglite();
  await migrate(db);
  return db;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  logs(): string;
}

/** `db` stays open when the app closes only if it was handed in (shared across a file's tests). */
export async function startTestApp(options: { db: Database; config?: Partial<Config>; pages?: BuiltPages | null; now?: () => number }): Promise<TestApp> {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  const shared: Database = { ...options.db, close: async () => undefined };
  const app = await buildApp({ config: testConfig(options.config), db: shared, logStream: stream, pages: options.pages ?? null, now: options.now });
  await app.ready();
  return { app, db: options.db, logs: () => lines.join('') };
}

export async function resetDatabase(db: Database): Promise<void> {
  await db.query('TRUNCATE widget_settings, write_limits');
}
