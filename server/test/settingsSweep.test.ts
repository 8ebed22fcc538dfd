/**
 * The server finishes what a page could not: settings whose deletion was announced but not
 * confirmed, and settings no page has read for the abandoned period, are removed by the sweep;
 * what an owner still uses never is. On PGlite, and on PostgreSQL with several sweepers at once
 * when TEST_DATABASE_URL is set.
 */
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createSettingsSweeper, type SweepLog } from '../src/sweep/settingsSweeper';
import { loadSweepConfig } from '../src/sweep/sweepConfig';
import { ownerInstance } from './support/instances';
import { openScratchPostgres, requirePostgresInCi, TEST_DATABASE_URL } from './support/postgres';
import { apiUrl, readUser, save, type Who } from './support/requests';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(30_000);

const DAY_MS = 86_400_000;
const config = loadSweepConfig({});
const panelOf = (compId: string): Who => ({ instance: ownerInstance(), compId: 'tpaSettings', origCompId: compId });
const MODEL = { locale: 'de', borderWidth: 2 };

let db: Database;
let t: TestApp;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db.close());
beforeEach(async () => {
  await resetDatabase(db);
  t = await startTestApp({ db });
});
afterEach(async () => t.app.close());

function recordingLog(): SweepLog & { lines: { level: string; obj: object; msg: string }[] } {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return { lines, info: (obj, msg) => lines.push({ level: 'info', obj, msg }), error: (obj, msg) => lines.push({ level: 'error', obj, msg }) };
}

async function saved(compId: string): Promise<void> {
  expect((await save(t.app, panelOf(compId), MODEL, 0)).statusCode).toBe(200);
}
const stored = async (compId: string) => (await readUser(t.app, panelOf(compId))).json() as { locale: string; revision: number };
/** Moves a widget's last read and last save `days` into the past, as if no page had asked since. */
const unreadFor = (compId: string, days: number) =>
  db.query(`UPDATE widget_settings SET last_read_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2) WHERE comp_id = $1`, [
    compId,
    days,
  ]);

describe('the settings sweep', () => {
  it('removes settings no page has read for the abandoned period (a tombstone: the revision goes up); keeps the rest', async () => {
    await saved('comp-gone');
    await saved('comp-used');
    await unreadFor('comp-gone', 401);
    await unreadFor('comp-used', 399);
    const log = recordingLog();
    const result = await createSettingsSweeper({ db, config, log }).sweepOnce();
    expect(result).toEqual({ skipped: false, removed: [{ instanceId: 'site-1', compId: 'comp-gone' }], failed: [] });
    expect(await stored('comp-gone')).toMatchObject({ locale: 'en', revision: 2 });
    expect(await stored('comp-used')).toMatchObject({ locale: 'de', revision: 1 });
    expect(log.lines).toEqual([{ level: 'info', obj: { removed: 1, failed: 0, writeCounts: expect.any(Number) }, msg: 'settings sweep' }]);
    // A save on the old revision cannot bring them back.
    expect((await save(t.app, panelOf('comp-gone'), MODEL, 1)).statusCode).toBe(409);
  });

  it('never removes what a page still reads: a read moves the settings out of reach', async () => {
    await saved('comp-read');
    await unreadFor('comp-read', 500);
    // The widget on the published site is visited: its page reads the settings.
    expect((await t.app.inject({ method: 'GET', url: apiUrl('/api/user', { instance: ownerInstance(), compId: 'comp-read' }) })).statusCode).toBe(200);
    const result = await createSettingsSweeper({ db, config, log: recordingLog() }).sweepOnce();
    expect(result.removed).toEqual([]);
    expect(await stored('comp-read')).toMatchObject({ locale: 'de', revision: 1 });
  });

  it('the delete route announces its deletion and confirms it once done: nothing is left for the sweep', async () => {
    await saved('comp-deleted');
    const deleted = await t.app.inject({ method: 'DELETE', url: apiUrl('/api/settings', panelOf('comp-deleted')) });
    expect(deleted.statusCode).toBe(204);
    expect(await db.query('SELECT deletion_announced_at FROM widget_settings WHERE comp_id = $1', ['comp-deleted'])).toEqual([{ deletion_announced_at: null }]);
  });

  it('finishes a deletion announced but not confirmed after the grace period, unless a page read the settings since', async () => {
    await saved('comp-half');
    await saved('comp-undone');
    // Deletions that started 11 minutes ago and did not finish (the request died half-way).
    await db.query(`UPDATE widget_settings SET deletion_announced_at = now() - interval '11 minutes', last_read_at = now() - interval '1 hour'`);
    // The owner still uses one of them (the editor's undo brought the widget back): its page reads it.
    await db.query(`UPDATE widget_settings SET last_read_at = now() WHERE comp_id = 'comp-undone'`);
    const result = await createSettingsSweeper({ db, config, log: recordingLog() }).sweepOnce();
    expect(result.removed.map((k) => k.compId)).toEqual(['comp-half']);
    expect(await stored('comp-half')).toMatchObject({ locale: 'en', revision: 2 });
    expect(await stored('comp-undone')).toMatchObject({ locale: 'de', revision: 1 });
    // Not before the grace period.
    await saved('comp-fresh');
    await db.query(
      `UPDATE widget_settings SET deletion_announced_at = now() - interval '5 minutes', last_read_at = now() - interval '1 hour' WHERE comp_id = 'comp-fresh'`,
    );
    expect((await createSettingsSweeper({ db, config, log: recordingLog() }).sweepOnce()).removed).toEqual([]);
  });

  it('logs a removal whose follow-up failed, and finishes it at a later sweep', async () => {
    await saved('comp-grant');
    await unreadFor('comp-grant', 401);
    const log = recordingLog();
    const failing = createSettingsSweeper({ db, config, log, onRemoved: () => Promise.reject(new Error('provider down')) });
    expect((await failing.sweepOnce()).failed.map((k) => k.compId)).toEqual(['comp-grant']);
    expect(log.lines[0]).toMatchObject({ level: 'error', obj: { compId: 'comp-grant' }, msg: expect.stringContaining('removal not finished') });
    const forgotten: string[] = [];
    const later = createSettingsSweeper({
      db,
      config,
      log,
      now: () => Date.now() + config.deletionGraceMs + 1000,
      onRemoved: async (k) => void forgotten.push(k.compId),
    });
    expect((await later.sweepOnce()).removed.map((k) => k.compId)).toEqual(['comp-grant']);
    expect(forgotten).toEqual(['comp-grant']);
    expect(await stored('comp-grant')).toMatchObject({ locale: 'en', revision: 2 });
  });

  it('removes the write limit counters whose window has ended (by the database clock) and keeps the current ones', async () => {
    await db.query('TRUNCATE write_limits');
    const nowMs = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
    await db.query(`INSERT INTO write_limits (key, window_start, count) VALUES ('ended', ${nowMs} - $1::bigint - 1, 5), ('current', ${nowMs} - 10, 3)`, [
      config.writeWindowMs,
    ]);
    const log = recordingLog();
    await createSettingsSweeper({ db, config, log }).sweepOnce();
    expect((await db.query<{ key: string }>('SELECT key FROM write_limits')).map((r) => r.key)).toEqual(['current']);
    expect(log.lines).toEqual([{ level: 'info', obj: { removed: 0, failed: 0, writeCounts: 1 }, msg: 'settings sweep' }]);
  });

  it('refuses an abandoned period short enough to sweep settings in use', () => {
    expect(() => loadSweepConfig({ SETTINGS_ABANDONED_DAYS: '7' })).toThrow('SETTINGS_ABANDONED_DAYS must be a whole number ≥ 90');
    expect(loadSweepConfig({ SETTINGS_ABANDONED_DAYS: '120' }).abandonedMs).toBe(120 * DAY_MS);
  });
});

describe('several servers sweeping at once (PostgreSQL)', () => {
  beforeAll(() => requirePostgresInCi());
  const maybe = TEST_DATABASE_URL ? it : it.skip;

  maybe('each abandoned row is removed once, by one sweep at a time', async () => {
    const scratch = await openScratchPostgres();
    try {
      await migrate(scratch.db);
      for (let i = 0; i < 40; i++) {
        await scratch.db.query(
          `INSERT INTO widget_settings (instance_id, comp_id, model, revision, last_read_at, updated_at) VALUES ('site-1', $1, '{}'::jsonb, 1, now() - interval '500 days', now() - interval '500 days')`,
          [`comp-${i}`],
        );
      }
      const removedBy: string[] = [];
      const sweepers = [0, 1, 2].map(() =>
        createSettingsSweeper({ db: scratch.db, config, log: recordingLog(), onRemoved: async (k) => void removedBy.push(k.compId) }),
      );
      const results = await Promise.all(sweepers.map((s) => s.sweepOnce()));
      const removed = results.flatMap((r) => r.removed.map((k) => k.compId));
      expect(new Set(removed).size).toBe(removed.length);
      expect(results.filter((r) => !r.skipped).length).toBeGreaterThanOrEqual(1);
      // What a skipped turn left, the next sweep takes.
      const next = await sweepers[0]!.sweepOnce();
      expect(removed.length + next.removed.length).toBe(40);
      expect(removedBy.sort()).toEqual([...removed, ...next.removed.map((k) => k.compId)].sort());
      expect(await scratch.db.query(`SELECT count(*)::int AS n FROM widget_settings WHERE model IS NULL AND revision = 2`)).toEqual([{ n: 40 }]);
    } finally {
      await scratch.drop();
    }
  });
});
