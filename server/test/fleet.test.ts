/**
 * The server as a fleet: two production processes on one real PostgreSQL (a throwaway cluster of
 * this file's own, so the database can be stopped, restarted and its connections cut), talked to
 * over HTTP as a load balancer would. Started together on an empty database; concurrent saves
 * across both; the fleet-wide write limit; input the database cannot store; what a managed
 * database does under load (a fast restart, every connection terminated, a stop of seconds);
 * kill -9 under load; SIGTERM with saves in flight.
 * "Nothing lost": every save a writer saw acknowledged (200) is in the final settings.
 * A failing test prints each instance's last output and how it ended.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { migrate, migrationNames } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { idleConnection, refusesConnections, slowSave } from './support/connections';
import { sign, ownerPayload } from './support/instances';
import { isUnavailable, shown, startLoad, statusesOf, widgetOf, write } from './support/fleetLoad';
import { apiUrl, type Who } from './support/requests';
import type { ServerProcess } from './support/serverProcess';
import {
  call,
  eventually,
  explainingInstances,
  hasLocalPostgres,
  readOn,
  requireLocalPostgresInCi,
  saveOn,
  startCluster,
  startInstance,
  type Answer,
  type Cluster,
} from './support/fleet';

jest.setTimeout(120_000);
requireLocalPostgresInCi();

const WRITE_LIMIT = 50;
const pagesDir = mkdtempSync(path.join(tmpdir(), 'dfw-fleet-pages-'));
writeFileSync(path.join(pagesDir, 'widget.html'), '<!doctype html><html lang=en><head></head><body><div id=root></div></body></html>');
afterAll(() => rmSync(pagesDir, { recursive: true, force: true }));
const ENV = { WRITE_RATE_LIMIT: String(WRITE_LIMIT), WRITE_RATE_WINDOW_SECONDS: '60', METRICS_TOKEN: 'fleet-metrics-token-42', PAGES_DIR: pagesDir };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, pause(ms).then(() => Promise.reject(new Error(`${what}: not within ${ms} ms`)))]);
const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

/** How many connections the instance's pool saw the database end (its metrics). */
async function lostConnections(base: string): Promise<number> {
  const metrics = await call(`${base}/metrics`, { headers: { authorization: `Bearer ${ENV.METRICS_TOKEN}` } });
  return Number(/^db_connections_lost_total (\d+)$/m.exec(String(metrics.body.text))?.[1] ?? NaN);
}

async function finalTitle(base: string, who: Who): Promise<string[]> {
  const read = await readOn(base, who);
  expect(read.status).toBe(200);
  return String(read.body.activeFileTitle ?? '').split(' ');
}

const describeWithPostgres = hasLocalPostgres() ? describe : describe.skip;

describeWithPostgres('two server processes on one PostgreSQL', () => {
  let cluster: Cluster;
  const servers: ServerProcess[] = [];
  let bases: string[] = [];

  beforeAll(() => {
    cluster = startCluster();
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited();
      }
    }
    cluster?.stop();
  });

  test('started at the same moment on an empty database, both start, and each migration is applied once', async () => {
    servers.push(startInstance(cluster.url, ENV), startInstance(cluster.url, ENV));
    bases = await Promise.all(servers.map((s) => s.listening()));
    for (const base of bases) {
      const ready = await call(`${base}/readyz`);
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready', database: 'postgres' } });
    }
    const client = new Client({ connectionString: cluster.url });
    await client.connect();
    const rows = (await client.query<{ name: string; n: string }>('SELECT name, count(*) AS n FROM schema_migrations GROUP BY name')).rows;
    await client.end();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  test('migrations run by eight instances at the same moment on an empty database: none fails, each applied once', async () => {
    const admin = new Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE migrate_race');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/migrate_race';
    // As the server's own migrator (main.ts): eight connections at once may take more than a
    // request's second to open on a loaded machine, and this test is about the migrations.
    const pools = await Promise.all(
      Array.from({ length: 8 }, () => openPostgres({ connectionString: url.toString(), maxConnections: 1, queryTimeoutMs: 30_000, connectTimeoutMs: 10_000 })),
    );
    try {
      const applied = await Promise.all(pools.map((db) => migrate(db)));
      expect(applied.flat().sort()).toEqual(migrationNames());
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  test('concurrent saves of one widget across both: the revision rule holds and every acknowledged save is there', async () => {
    const who = widgetOf('site-concurrent');
    const writers = await Promise.all(['a', 'b', 'c'].map((label) => write(() => bases, who, label, 12)));
    expect([...statusesOf(writers)].sort()).toEqual([200, 409]);
    const acked = writers.flatMap((w) => w.acked);
    for (const base of bases) expect(await finalTitle(base, who)).toEqual(expect.arrayContaining(acked));
    const revisions = await Promise.all(bases.map(async (base) => (await readOn(base, who)).body.revision));
    expect(revisions[0]).toBe(acked.length);
    expect(revisions[1]).toBe(acked.length);
  });

  test('the write limit holds for the whole fleet, not per instance', async () => {
    const who = widgetOf('site-limited');
    const answers: Answer[] = [];
    for (let i = 0; i < WRITE_LIMIT + 10; i++) answers.push(await saveOn(bases[i % 2]!, who, { activeFileTitle: `t${i}` }, i));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(WRITE_LIMIT);
    expect(limited).toHaveLength(10);
    expect(limited[0]!.body.error).toBe('rate_limited');
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another site is not affected.
    expect((await saveOn(bases[0]!, widgetOf('site-other'), { activeFileTitle: 'x' }, 0)).status).toBe(200);
    const metrics = await call(`${bases[0]}/metrics`, { headers: { authorization: `Bearer ${ENV.METRICS_TOKEN}` } });
    expect(String(metrics.body.text)).toMatch(/write_limit_refusals_total\{route="POST \/api\/save"\} [1-9]/);
  });

  test('input the database cannot store is a 400 naming the field, on every route, before any SQL', async () => {
    const who = widgetOf('site-hostile');
    const base = bases[1]!;
    const nul = await saveOn(base, who, { activeFileTitle: 'a\u0000b' }, 0);
    expect(nul).toMatchObject({ status: 400, body: { error: 'invalid_user' } });
    expect(String(nul.body.message)).toContain('activeFileTitle');
    const surrogate = await saveOn(base, who, { activeFileTitle: 'x\ud800y' }, 0);
    expect(surrogate).toMatchObject({ status: 400, body: { error: 'invalid_user' } });
    const fileId = await saveOn(base, who, { activeFileId: 'id\udc00' }, 0);
    expect(fileId).toMatchObject({ status: 400, body: { error: 'invalid_user' } });
    expect(String(fileId.body.message)).toContain('activeFileId');
    const evil = { ...who, compId: 'H\u0000evil', origCompId: '' };
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['POST', '/api/save'],
      ['DELETE', '/api/settings'],
      ['GET', '/widget.html'],
      ['GET', '/api/files'],
    ] as const) {
      const answer = await call(base + apiUrl(path, evil), { method });
      expect({ path, status: answer.status, error: answer.body.error }).toEqual({ path, status: 400, error: 'invalid_request' });
      expect(String(answer.body.message)).toContain('querystring/compId');
    }
    const nulSite = sign(ownerPayload({ instanceId: 'site\u0000evil' }));
    const signed = await readOn(base, { ...who, instance: nulSite });
    expect(signed).toMatchObject({ status: 400, body: { error: 'invalid_instance' } });
    expect(String(signed.body.message)).toContain('instanceId');
  });

  /**
   * Under a load of saves and page reads on both instances, `event` happens to the database; the
   * load goes on until a while after it is over. Both instances stay up; every answer is a 200 or
   * the database's 503; both answer 200 again afterwards by themselves; every acknowledged save is
   * stored.
   */
  async function underLoad(name: string, event: () => Promise<void>): Promise<Answer[]> {
    const sites = [1, 2, 3].map((n) => `${name}-${n}`);
    const lostBefore = await Promise.all(bases.map(lostConnections));
    const load = startLoad(bases, sites);
    let backAt = 0;
    try {
      await pause(500);
      await event();
      backAt = Date.now();
      await pause(1_500);
    } catch (error) {
      await load.stop().catch(() => undefined);
      throw error;
    }
    const { writers, pages } = await load.stop();
    const answers = [...writers.flatMap((w) => w.answers), ...pages];
    expect(servers.every(alive)).toBe(true);
    expect(answers.filter((a) => a.status !== 200 && !isUnavailable(a)).map(shown)).toEqual([]);
    // The event did reach each instance: connections its pool held idle were ended and dropped, or
    // (none idle at that moment, as on a loaded machine) a request of its own met the database's refusal.
    const lostAfter = await Promise.all(bases.map(lostConnections));
    const reached = bases.map((base, i) => lostAfter[i]! > lostBefore[i]! || answers.some((a) => a.asked.includes(base) && isUnavailable(a)));
    expect(reached).toEqual(bases.map(() => true));
    for (const base of bases) {
      expect(answers.some((a) => a.asked.includes(base) && a.asked.startsWith('POST') && a.status === 200 && a.at > backAt)).toBe(true);
      expect(answers.some((a) => a.asked.includes(base) && a.asked.includes('/widget.html') && a.status === 200 && a.at > backAt)).toBe(true);
    }
    for (const [i, site] of sites.entries()) {
      const acked = writers[i]!.acked;
      expect(acked.length).toBeGreaterThan(0);
      expect(await finalTitle(bases[i % 2]!, widgetOf(site))).toEqual(expect.arrayContaining(acked));
    }
    return answers;
  }

  test('`pg_ctl restart -m fast` under load: both stay up, every answer a 200 or a 503 JSON, nothing acknowledged lost', () =>
    explainingInstances(
      () => servers,
      async () => {
        await underLoad('restart', () => cluster.restart());
      },
    ));

  test('pg_terminate_backend() on every backend under load: both stay up, every answer a 200 or a 503 JSON, nothing acknowledged lost', () =>
    explainingInstances(
      () => servers,
      async () => {
        let terminated = 0;
        await underLoad('terminate', async () => {
          for (let i = 0; i < 4; i++) {
            terminated += await cluster.terminateBackends();
            await pause(150);
          }
        });
        expect(terminated).toBeGreaterThan(0);
      },
    ));

  test('the database stopped for seconds under load (a failover): 503 database_unavailable within 2 s, /healthz 200, /readyz 503; both recover', () =>
    explainingInstances(
      () => servers,
      async () => {
        const during: Answer[] = [];
        const answers = await underLoad('stopped', async () => {
          await cluster.halt();
          await pause(300);
          for (const base of bases) during.push(await call(`${base}/healthz`), await call(`${base}/readyz`));
          await pause(2_500);
          await cluster.resume();
        });
        expect(during.map((a) => a.status)).toEqual([200, 503, 200, 503]);
        expect(isUnavailable(during[1]!) && isUnavailable(during[3]!)).toBe(true);
        expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
        await eventually(async () => (await Promise.all(bases.map((b) => call(`${b}/readyz`)))).every((a) => a.status === 200), 15_000, 'both ready again');
      },
    ));

  test('kill -9 of one instance under load: the other serves on, the killed one restarts, nothing acknowledged is lost', async () => {
    const sites = ['killed-1', 'killed-2'];
    const load = Promise.all(sites.map((site, i) => write(() => bases, widgetOf(site), `k${i}-`, 24, 50)));
    await pause(700);
    servers[0]!.child.kill('SIGKILL');
    await servers[0]!.exited();
    const survivor = bases[1]!;
    const during = await saveOn(survivor, widgetOf('killed-other'), { activeFileTitle: 'still' }, 0);
    const writers = await load;
    expect(during.status).toBe(200);
    expect([...statusesOf(writers)].filter((s) => ![0, 200, 409].includes(s))).toEqual([]);
    const restarted = startInstance(cluster.url, ENV);
    servers.push(restarted);
    bases = [await restarted.listening(), survivor];
    for (const [i, site] of sites.entries()) {
      const acked = writers[i]!.acked;
      expect(acked.length).toBeGreaterThan(0);
      for (const base of bases) expect(await finalTitle(base, widgetOf(site))).toEqual(expect.arrayContaining(acked));
    }
  });

  test('SIGTERM with saves in flight (held on a lock, bodies still uploading): each answered 200 and stored; new connections refused; exit 0', () =>
    explainingInstances(
      () => servers,
      async () => {
        const server = startInstance(cluster.url, { ...ENV, SHUTDOWN_TIMEOUT_MS: '5000', DB_QUERY_TIMEOUT_MS: '5000' });
        servers.push(server);
        const base = await server.listening();
        const locked = [1, 2, 3, 4].map((n) => widgetOf(`sigterm-locked-${n}`));
        const uploading = [1, 2, 3, 4].map((n) => widgetOf(`sigterm-upload-${n}`));
        for (const who of locked) expect((await saveOn(base, who, { activeFileTitle: 'before' }, 0)).status).toBe(200);
        // One connection holds the rows' lock; another watches (pg_stat_activity stands still inside a transaction).
        const [locker, admin] = [new Client({ connectionString: cluster.url }), new Client({ connectionString: cluster.url })];
        await Promise.all([locker.connect(), admin.connect()]);
        try {
          await locker.query('BEGIN');
          await locker.query("SELECT 1 FROM widget_settings WHERE instance_id LIKE 'sigterm-locked-%' FOR UPDATE");
          const held = locked.map((who) => saveOn(base, who, { activeFileTitle: 'after the lock' }, 1));
          const waiting = "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE widget_settings%'";
          await eventually(async () => (await admin.query<{ n: number }>(waiting)).rows[0]!.n === 4, 4_000, 'four saves waiting on the lock');
          const uploads = uploading.map((who) => slowSave(base, who, { activeFileTitle: 'uploaded slowly' }, 0));
          const idle = await idleConnection(base);
          await pause(300);
          server.child.kill('SIGTERM');
          await within(idle.closed, 1_000, 'the idle keep-alive connection closed');
          // Node closes the idle connections a moment before the listener: under load the signal's work may pause between the two.
          await eventually(() => refusesConnections(base), 2_000, 'new connections refused');
          await pause(1_000);
          for (const upload of uploads) upload.finish();
          await pause(500);
          await locker.query('COMMIT');
          const answers = [...(await Promise.all(held)).map((a) => ({ status: a.status, body: a.body })), ...(await Promise.all(uploads.map((u) => u.answer)))];
          expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
          for (const upload of uploads) expect((await upload.answer).connection).toBe('close');
          expect(await server.exited()).toEqual({ code: 0, signal: null });
          const stored = await admin.query<{ title: string }>(
            "SELECT model->>'activeFileTitle' AS title FROM widget_settings WHERE instance_id LIKE 'sigterm-%' ORDER BY instance_id",
          );
          expect(stored.rows.map((r) => r.title)).toEqual([...locked.map(() => 'after the lock'), ...uploading.map(() => 'uploaded slowly')]);
        } finally {
          await Promise.all([locker.end(), admin.end()]);
        }
      },
    ));
});

if (!hasLocalPostgres()) test.skip('fleet: install PostgreSQL (bash .ci/run does) to run these tests', () => undefined);
