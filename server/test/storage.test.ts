/**
 * The storage rules, the same tests on both engines: the embedded PGlite and a real PostgreSQL
 * (TEST_DATABASE_URL, which .ci/run provides).
 */
import type { Database } from '../src/db/database';
import { migrate, migrationNames } from '../src/db/migrate';
import { createSettingsStore, type SettingsStore } from '../src/db/settingsStore';
import { ENGINES, migratedDatabase } from './support/engines';
import { requirePostgresInCi, TEST_DATABASE_URL } from './support/postgres';

jest.setTimeout(60_000);
requirePostgresInCi();

if (!TEST_DATABASE_URL) test.skip('PostgreSQL: set TEST_DATABASE_URL (bash .ci/run does) to run these tests on a real server', () => undefined);

const key = { instanceId: 'site-1', compId: 'comp-1' };
const model = (activeFileId: string) => ({ activeFileId, locale: 'en' });

describe.each(ENGINES)('settings storage on $name', (engine) => {
  const database = migratedDatabase(engine, 'TRUNCATE widget_settings');
  let db: Database;
  let store: SettingsStore;
  beforeEach(() => {
    db = database();
    store = createSettingsStore(db);
  });

  test('migrations are applied once: a second run applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    const names = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(names.map((r) => r.name)).toEqual(migrationNames());
  });

  test('nothing saved reads as no model at revision 0', async () => {
    expect(await store.read(key)).toEqual({ model: null, revision: 0 });
  });

  test('each save on the current revision is stored and moves the revision up by one', async () => {
    expect(await store.save(key, model('a'), 0)).toEqual({ saved: true, revision: 1 });
    expect(await store.save(key, model('b'), 1)).toEqual({ saved: true, revision: 2 });
    expect(await store.read(key)).toEqual({ model: model('b'), revision: 2 });
  });

  test('a save on an older revision is refused, tells the current one, and overwrites nothing', async () => {
    await store.save(key, model('a'), 0);
    await store.save(key, model('b'), 1);
    expect(await store.save(key, model('old'), 1)).toEqual({ saved: false, revision: 2 });
    expect(await store.save(key, model('first'), 0)).toEqual({ saved: false, revision: 2 });
    expect(await store.save(key, model('future'), 7)).toEqual({ saved: false, revision: 2 });
    expect(await store.read(key)).toEqual({ model: model('b'), revision: 2 });
  });

  test('of concurrent saves on the same revision exactly one wins', async () => {
    await store.save(key, model('base'), 0);
    const results = await Promise.all(['x', 'y', 'z', 'w'].map((id) => store.save(key, model(id), 1)));
    const winners = results.filter((r) => r.saved);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.saved).every((r) => r.revision === 2)).toBe(true);
    const stored = await store.read(key);
    expect(stored.revision).toBe(2);
    expect(['x', 'y', 'z', 'w'].map(model)).toContainEqual(stored.model);
  });

  test('of concurrent first saves exactly one wins', async () => {
    const results = await Promise.all(['x', 'y', 'z'].map((id) => store.save(key, model(id), 0)));
    expect(results.filter((r) => r.saved)).toEqual([{ saved: true, revision: 1 }]);
  });

  test('delete removes the model but keeps the revision going up, so an older save cannot come back', async () => {
    await store.save(key, model('a'), 0);
    expect(await store.remove(key)).toBe(2);
    expect(await store.read(key)).toEqual({ model: null, revision: 2 });
    expect(await store.save(key, model('stale'), 1)).toEqual({ saved: false, revision: 2 });
    expect(await store.save(key, model('again'), 2)).toEqual({ saved: true, revision: 3 });
    expect(await store.remove({ instanceId: 'site-1', compId: 'never-saved' })).toBe(0);
  });

  test('widgets are kept apart by site and component', async () => {
    await store.save(key, model('mine'), 0);
    await store.save({ instanceId: 'site-1', compId: 'comp-2' }, model('sibling'), 0);
    await store.save({ instanceId: 'site-2', compId: 'comp-1' }, model('other site'), 0);
    expect((await store.read(key)).model).toEqual(model('mine'));
    expect((await store.read({ instanceId: 'site-2', compId: 'comp-1' })).model).toEqual(model('other site'));
  });

  test('text that looks like SQL or JSON escapes is stored as given', async () => {
    const tricky = { activeFileId: "x'); DROP TABLE widget_settings; --", title: 'a\\"b\u2028</script>' };
    await store.save({ instanceId: "it's", compId: 'c"1' }, tricky, 0);
    expect(await store.read({ instanceId: "it's", compId: 'c"1' })).toEqual({ model: tricky, revision: 1 });
  });

  test('reads prepared on every connection still answer after a migration changed their columns', async () => {
    await store.save(key, model('a'), 0);
    // As many reads at once as the pool has connections: each prepares the read on its own.
    const everyConnection = () => Promise.all(Array.from({ length: 4 }, () => store.read(key)));
    expect(await everyConnection()).toContainEqual({ model: model('a'), revision: 1 });
    await db.query('ALTER TABLE widget_settings ALTER COLUMN revision TYPE smallint');
    try {
      expect(new Set((await everyConnection()).map((r) => r.revision))).toEqual(new Set([1]));
      expect(await store.read(key)).toEqual({ model: model('a'), revision: 1 });
    } finally {
      await db.query('ALTER TABLE widget_settings ALTER COLUMN revision TYPE integer');
    }
    expect(await store.read(key)).toEqual({ model: model('a'), revision: 1 });
  });
});
