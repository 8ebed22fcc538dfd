/**
 * The two engines the storage tests run on: the embedded PGlite always, and a real PostgreSQL
 * when TEST_DATABASE_URL is set (.ci/run sets it), each test file on a database of its own.
 *
 *   describe.each(ENGINES)('… on $name', (engine) => {
 *     const db = migratedDatabase(engine, 'TRUNCATE widget_settings');
 *     test('…', async () => { await db().query(…); });
 *   });
 */
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { openNewPglite } from './pgliteCluster';
import { openScratchPostgres, TEST_DATABASE_URL } from './postgres';

export interface Engine {
  name: string;
  open(): Promise<{ db: Database; done(): Promise<void> }>;
}

const pglite: Engine = {
  name: 'PGlite',
  open: async () => {
    const db = await openNewPglite();
    return { db, done: () => db.close() };
  },
};

const postgres: Engine = {
  name: 'PostgreSQL',
  open: async () => {
    const scratch = await openScratchPostgres();
    return { db: scratch.db, done: scratch.drop };
  },
};

export const ENGINES: readonly Engine[] = TEST_DATABASE_URL ? [pglite, postgres] : [pglite];

/**
 * Inside a describe block: `engine`'s database, opened and migrated before its tests and closed
 * after them; `reset` (SQL, e.g. a TRUNCATE) runs before each test. Read it through the function.
 */
export function migratedDatabase(engine: Engine, reset?: string): () => Database {
  let db: Database | undefined;
  let done: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, done } = await engine.open());
    await migrate(db);
  });
  afterAll(async () => done?.());
  if (reset) beforeEach(async () => void (await db!.query(reset)));
  return () => {
    if (!db) throw new Error(`The ${engine.name} database is not open: use it inside a test.`);
    return db;
  };
}
