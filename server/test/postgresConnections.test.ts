/**
 * The pool when the database ends its connections (pg_terminate_backend, as a restart or a
 * failover does): idle, running a statement, or checked out between two statements of a
 * transaction. Nothing escapes as an unhandled 'error' (which would end the process), a lost
 * connection is never reused, a read is answered from another connection, a write fails as
 * unavailable (it is not run twice), and the pool goes on by itself. Needs a real PostgreSQL
 * (TEST_DATABASE_URL, which .ci/run provides).
 */
import { Client } from 'pg';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { DatabaseUnavailableError } from '../src/db/unavailable';
import { openScratchPostgres, requirePostgresInCi, TEST_DATABASE_URL } from './support/postgres';

jest.setTimeout(30_000);
requirePostgresInCi();

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const describeWithPostgres = TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('PostgreSQL connections the database ends', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  /** Errors that reached the process instead of the request (there must be none). */
  const escaped: unknown[] = [];
  const onUncaught = (error: unknown) => escaped.push(error);

  beforeAll(async () => {
    ({ db, drop } = await openScratchPostgres());
    await migrate(db);
    await admin.connect();
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await admin.end();
    await drop();
  });
  beforeEach(async () => {
    escaped.length = 0;
    await db.query('TRUNCATE widget_settings');
  });

  const terminate = async (pid: number) => (await admin.query('SELECT pg_terminate_backend($1)', [pid])).rowCount;
  /** The pool's backends (the admin is on another database). */
  const poolBackends = async () => {
    const name = (await db.query<{ name: string }>('SELECT current_database() AS name'))[0]!.name;
    return (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])).rows.map((r) => r.pid);
  };
  const lost = () => db.stats!().lost;
  const stored = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM widget_settings'))[0]!.n;

  test('ended between two statements of a transaction (checked out, no statement running): 503, rolled back, the pool goes on', async () => {
    const before = lost();
    const attempt = db.transaction(async (tx) => {
      await tx.query("INSERT INTO widget_settings (instance_id, comp_id, model, revision) VALUES ('s', 'c', '{}'::jsonb, 1)");
      const pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
      await terminate(pid);
      // The database's notice arrives while the connection is checked out and idle: the case that ended the process.
      await pause(200);
      await tx.query("UPDATE widget_settings SET revision = 2 WHERE instance_id = 's'");
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(escaped).toEqual([]);
    expect(lost()).toBe(before + 1);
    expect(await stored()).toBe(0);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  test('a read whose connection is ended while it runs is answered from another connection', async () => {
    const read = db.query<{ one: number }>('SELECT 1 AS one FROM pg_sleep(0.4)');
    await pause(150);
    const running = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT 1 AS one FROM pg_sleep%'");
    expect(running.rows).toHaveLength(1);
    await terminate(running.rows[0]!.pid);
    expect(await read).toEqual([{ one: 1 }]);
    expect(escaped).toEqual([]);
  });

  test('a write whose connection is ended while it runs is a 503 and is not run again (nothing stored)', async () => {
    const write = db.query("INSERT INTO widget_settings (instance_id, comp_id, model, revision) SELECT 's', 'c', '{}'::jsonb, 1 FROM pg_sleep(0.4)");
    // Its refusal is awaited from the start: it may come before the terminate call returns.
    const refused = expect(write).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await pause(150);
    const running = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query LIKE 'INSERT INTO widget_settings%'");
    await terminate(running.rows[0]!.pid);
    await refused;
    await pause(600);
    expect(await stored()).toBe(0);
    expect(escaped).toEqual([]);
  });

  test('every idle connection ended: the next requests get fresh ones', async () => {
    await Promise.all(Array.from({ length: 4 }, () => db.query('SELECT pg_sleep(0.05)')));
    const pids = await poolBackends();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) await terminate(pid);
    await pause(100);
    const reads = await Promise.all(Array.from({ length: 4 }, () => db.query<{ one: number }>('SELECT 1 AS one')));
    expect(reads).toEqual(Array.from({ length: 4 }, () => [{ one: 1 }]));
    expect(await db.query("INSERT INTO widget_settings (instance_id, comp_id, model, revision) VALUES ('s', 'c', '{}'::jsonb, 1) RETURNING revision")).toEqual([
      { revision: 1 },
    ]);
    expect(escaped).toEqual([]);
  });
});

if (!TEST_DATABASE_URL) test.skip('PostgreSQL: set TEST_DATABASE_URL (bash .ci/run does) to run these tests on a real server', () => undefined);
