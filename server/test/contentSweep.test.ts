/**
 * The sweep of native content on the database itself (sweep/contentSweep.ts, through the
 * settings sweeper): renderings no widget points at and out of use for the grace period go, with
 * the images no remaining rendering refers to; what a widget shows, what a check just found and an
 * image a render just kept stay; several sweepers at once remove each row once. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createHash } from 'node:crypto';
import { createContentStore, type ContentStore } from '../src/native/contentStore';
import { createSettingsSweeper } from '../src/sweep/settingsSweeper';
import { CONTENT_GRACE_MS, loadSweepConfig } from '../src/sweep/sweepConfig';
import { ENGINES, migratedDatabase } from './support/engines';

jest.setTimeout(60_000);

const WIDGET = { instanceId: 'site-1', compId: 'comp-1' };
const FILE = 'file-1';
const config = loadSweepConfig({});
const log = { info: () => undefined, error: () => undefined };
const bytesOf = (name: string) => Buffer.concat([Buffer.from([137, 80, 78, 71]), createHash('sha256').update(name).digest()]);
const page = (...images: string[]) => `<p>text</p>${images.map((id) => `<img src="/content/images/${id}">`).join('')}`;

describe.each(ENGINES)('the native content sweep on $name', (engine) => {
  const db = migratedDatabase(engine, 'TRUNCATE widget_settings, native_renderings, native_rendering_images, native_widget_content, native_images');
  let store: ContentStore;
  const sweepIn = (laterMs: number) => createSettingsSweeper({ db: db(), config, log, now: () => Date.now() + laterMs }).sweepOnce();
  const versions = async () => (await db().query<{ v: number }>('SELECT version::int AS v FROM native_renderings ORDER BY version')).map((r) => r.v);
  const images = async () => (await db().query<{ id: string }>('SELECT id FROM native_images ORDER BY id')).map((r) => r.id);

  /** A widget with settings showing version 3 of the file; versions 1 and 2 before it; one image shared by all three. */
  async function edited(): Promise<{ shared: string; own: string[] }> {
    store = createContentStore(db());
    await db().query(`INSERT INTO widget_settings (instance_id, comp_id, model, revision) VALUES ($1, $2, '{}'::jsonb, 1)`, [WIDGET.instanceId, WIDGET.compId]);
    const shared = await store.saveImage(bytesOf('shared'), 'image/png');
    const own: string[] = [];
    for (const version of [1, 2, 3]) {
      own.push(await store.saveImage(bytesOf(`v${version}`), 'image/png'));
      await store.saveRendering(FILE, version, page(shared, own.at(-1)!));
      await store.point(WIDGET, FILE, version, true, await store.now());
    }
    return { shared, own };
  }

  test('superseded renderings and the images only they referred to go after the grace period; what the widget shows stays', async () => {
    const { shared, own } = await edited();
    await sweepIn(0);
    expect(await versions()).toEqual([1, 2, 3]);
    expect(await store.publicImageType(own[0]!)).toBe('image/png');
    await sweepIn(CONTENT_GRACE_MS + 60_000);
    expect(await versions()).toEqual([3]);
    expect(await images()).toEqual([shared, own[2]!].sort());
    expect(await store.shown(WIDGET, FILE)).toEqual({ html: page(shared, own[2]!), version: 3, public: true });
    expect(await store.publicImageType(own[0]!)).toBeNull();
  });

  test('a rendering a check just found, and an image a render just kept again, are not swept from under them', async () => {
    const { own } = await edited();
    await db().query(`UPDATE native_renderings SET last_used_at = now() - interval '1 day'`);
    await db().query(`UPDATE native_images SET stored_at = now() - interval '1 day'`);
    expect(await store.hasRendering(FILE, 1)).toBe(true);
    // A render keeps version 2's image again, for a rendering it has not stored yet.
    await store.saveImage(bytesOf('v2'), 'image/png');
    await sweepIn(0);
    expect(await versions()).toEqual([1, 3]);
    expect(await images()).toContain(own[1]!);
  });

  test('an image is served only while a widget shows its file publicly', async () => {
    const { own } = await edited();
    await store.setPublic(WIDGET, FILE, false, await store.now());
    expect(await store.publicImageType(own[2]!)).toBeNull();
    await store.setPublic(WIDGET, FILE, true, await store.now());
    expect(await store.publicImageType(own[2]!)).toBe('image/png');
    await store.forget(WIDGET);
    expect(await store.publicImageType(own[2]!)).toBeNull();
    expect(await store.imageBytes(own[2]!)).toEqual(bytesOf('v3'));
  });

  test('several servers sweeping at once: one sweep at a time, none fails, and together they remove all of it', async () => {
    await edited();
    // More superseded renderings than one round of a sweep takes.
    await db().query(
      `INSERT INTO native_renderings (file_id, version, html, last_used_at) SELECT 'old-file', n, 'old', now() - interval '1 day' FROM generate_series(1, 1200) AS n`,
    );
    const errors: string[] = [];
    const logged = { info: () => undefined, error: (_: object, msg: string) => void errors.push(msg) };
    const later = () => Date.now() + CONTENT_GRACE_MS + 60_000;
    const sweepers = [0, 1, 2].map(() => createSettingsSweeper({ db: db(), config, log: logged, now: later }));
    const results = await Promise.all(sweepers.map((s) => s.sweepOnce()));
    expect(results.some((r) => !r.skipped)).toBe(true);
    await sweepers[0]!.sweepOnce();
    expect(await versions()).toEqual([3]);
    expect(errors).toEqual([]);
  });
});
