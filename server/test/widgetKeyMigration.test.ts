/**
 * The migration that gives each widget key one site (009_widget_key_owner.sql), on both engines:
 * keys that several sites already hold are settled (the site with the best evidence of having had
 * the key first keeps it; the others' settings and native content pointers under it go), legacy
 * compIds stay per site, and from then on the database holds no second site under a key.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WIDGET_KEY_PATTERN } from '#client/contract/widgetKey';
import type { Database } from '../src/db/database';
import { migrate, migrationNames } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/paths';
import { ENGINES } from './support/engines';
import { requirePostgresInCi } from './support/postgres';

jest.setTimeout(60_000);
requirePostgresInCi();

const MIGRATION = '009_widget_key_owner.sql';
const KEY_A = '1a2b3c4d-0000-4000-8000-00000000000a';
const KEY_B = '1a2b3c4d-0000-4000-8000-00000000000b';
const KEY_C = '1a2b3c4d-0000-4000-8000-00000000000c';
const KEY_D = '1a2b3c4d-0000-4000-8000-00000000000d';

/** The migrations before this one, in a folder of their own: a database as it was before the change. */
function migrationsBefore(dir: string): void {
  for (const name of migrationNames().filter((n) => n < MIGRATION)) cpSync(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
}

interface Row {
  site: string;
  key: string;
  model: string | null;
  revision: number;
  /** Days since its last change. */
  changedDaysAgo: number;
}

async function insert(db: Database, rows: Row[]): Promise<void> {
  for (const r of rows) {
    await db.query(
      `INSERT INTO widget_settings (instance_id, comp_id, model, revision, updated_at) VALUES ($1, $2, $3::jsonb, $4, now() - $5 * interval '1 day')`,
      [r.site, r.key, r.model, r.revision, r.changedDaysAgo],
    );
    await db.query(`INSERT INTO native_widget_content (instance_id, comp_id, file_id, checked_at) VALUES ($1, $2, 'file-1', now())`, [r.site, r.key]);
    await db.query(`INSERT INTO drive_tokens (instance_id, comp_id, key_id, refresh_token_ciphertext, scope) VALUES ($1, $2, 'k1', 'sealed', 'drive')`, [
      r.site,
      r.key,
    ]);
  }
}

const keysOf = async (db: Database, table: string) =>
  (await db.query<{ site: string; key: string }>(`SELECT instance_id AS site, comp_id AS key FROM ${table}`)).map((r) => `${r.key.slice(-1)}:${r.site}`).sort();

test("the migration's pattern of a widget key is the contract's", () => {
  const sql = readFileSync(path.join(MIGRATIONS_DIR, MIGRATION), 'utf8');
  const patterns = [...sql.matchAll(/comp_id ~ '([^']+)'/g)].map((m) => m[1]);
  expect(patterns.length).toBeGreaterThanOrEqual(2);
  expect(new Set(patterns)).toEqual(new Set([WIDGET_KEY_PATTERN.source]));
});

describe.each(ENGINES)('widget keys held by several sites before the change, on $name', (engine) => {
  let db: Database;
  let done: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ db, done } = await engine.open());
    dir = mkdtempSync(path.join(tmpdir(), 'dfw-migrations-'));
    migrationsBefore(dir);
    await migrate(db, dir);
    await insert(db, [
      // The attack: the victim uses her key; the attacker saved `{}` under it once.
      { site: 'victim-a', key: KEY_A, model: '{"activeFileId":"f"}', revision: 6, changedDaysAgo: 0 },
      { site: 'attacker', key: KEY_A, model: '{}', revision: 1, changedDaysAgo: 3 },
      // The attacker saved and then deleted (a tombstone counted as much as a row before).
      { site: 'attacker', key: KEY_B, model: null, revision: 2, changedDaysAgo: 5 },
      { site: 'victim-b', key: KEY_B, model: '{}', revision: 1, changedDaysAgo: 1 },
      // Three sites alike but for their last change.
      { site: 'site-late', key: KEY_C, model: '{}', revision: 3, changedDaysAgo: 1 },
      { site: 'site-early', key: KEY_C, model: '{}', revision: 3, changedDaysAgo: 9 },
      { site: 'site-mid', key: KEY_C, model: '{}', revision: 3, changedDaysAgo: 4 },
      // A key one site holds, and a legacy compId on two sites (a duplicated site keeps its compIds).
      { site: 'alone', key: KEY_D, model: '{}', revision: 1, changedDaysAgo: 0 },
      { site: 'site-1', key: 'comp-1', model: '{}', revision: 1, changedDaysAgo: 0 },
      { site: 'site-copy', key: 'comp-1', model: '{}', revision: 1, changedDaysAgo: 0 },
    ]);
    expect(await migrate(db)).toEqual(migrationNames().filter((n) => n >= MIGRATION));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await done();
  });

  test('each key is left to one site: in use before deleted, then the most saves, then the oldest last change', async () => {
    const kept = ['1:site-1', '1:site-copy', 'a:victim-a', 'b:victim-b', 'c:site-early', 'd:alone'];
    expect(await keysOf(db, 'widget_settings')).toEqual(kept);
    // What pointed a loser's widget at content goes with it; its drive grant stays its own (its delete removes it).
    expect(await keysOf(db, 'native_widget_content')).toEqual(kept);
    expect(await keysOf(db, 'drive_tokens')).toHaveLength(10);
  });

  test('from then on no second site can hold a key; a legacy compId may still be on two sites', async () => {
    const second = (site: string, key: string) =>
      db.query(`INSERT INTO widget_settings (instance_id, comp_id, model, revision) VALUES ($1, $2, '{}'::jsonb, 1)`, [site, key]);
    await expect(second('attacker', KEY_D)).rejects.toThrow(/duplicate key|unique/i);
    await expect(second('site-other', 'comp-1')).resolves.toEqual([]);
    // The key's form is the contract's: an upper-case UUID (never a key the server takes) is not held.
    await expect(second('site-other', KEY_D.toUpperCase())).resolves.toEqual([]);
  });
});
