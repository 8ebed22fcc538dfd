/**
 * The server as a fleet: two production processes on one real PostgreSQL (a throwaway cluster of
 * this file's own, so the database can be stopped), talked to over HTTP as a load balancer would.
 * Started together on an empty database; concurrent saves across both; the fleet-wide write
 * limit; input the database cannot store; the database stopped under load; kill -9 under load.
 * "Nothing lost": every save a writer saw acknowledged (200) is in the final settings.
 */
import { Client } from 'pg';
import { migrate, migrationNames } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { ownerInstance, sign, ownerPayload } from './support/instances';
import { apiUrl, type Who } from './support/requests';
import type { ServerProcess } from './support/serverProcess';
import {
  call,
  eventually,
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
const ENV = { WRITE_RATE_LIMIT: String(WRITE_LIMIT), WRITE_RATE_WINDOW_SECONDS: '60', METRICS_TOKEN: 'fleet-metrics-token-42' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const widgetOf = (site: string): Who => ({ instance: ownerInstance({ instanceId: site }), compId: 'tpaSettings', origCompId: 'comp-1' });

interface Writer {
  acked: string[];
  answers: Answer[];
}

/**
 * Appends its tokens to the widget's title, one save at a time, each on the revision it knows;
 * after a refusal or no answer it reads the settings again (from the other instance).
 */
async function write(bases: () => string[], who: Who, label: string, attempts: number, gapMs = 0): Promise<Writer> {
  const result: Writer = { acked: [], answers: [] };
  let revision = 0;
  let title = '';
  for (let i = 0; i < attempts; i++) {
    const [base, other] = i % 2 === 0 ? bases() : [...bases()].reverse();
    const token = `${label}${i}`;
    const next = title ? `${title} ${token}` : token;
    const answer = await saveOn(base!, who, { activeFileTitle: next }, revision);
    result.answers.push(answer);
    if (answer.status === 200) {
      revision = answer.body.revision as number;
      title = next;
      result.acked.push(token);
    } else {
      const read = await readOn(other!, who);
      if (read.status === 200) {
        revision = read.body.revision as number;
        title = (read.body.activeFileTitle as string | null) ?? '';
      }
    }
    if (gapMs > 0) await pause(gapMs);
  }
  return result;
}

async function finalTitle(base: string, who: Who): Promise<string[]> {
  const read = await readOn(base, who);
  expect(read.status).toBe(200);
  return String(read.body.activeFileTitle ?? '').split(' ');
}

const statusesOf = (writers: Writer[]) => new Set(writers.flatMap((w) => w.answers.map((a) => a.status)));

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

  test('the database stopped under load: 503 database_unavailable with Retry-After within 2 s, never a 500; both recover, nothing lost', async () => {
    const sites = ['outage-1', 'outage-2', 'outage-3'];
    const load = Promise.all(sites.map((site, i) => write(() => bases, widgetOf(site), `o${i}-`, 45, 100)));
    await pause(700);
    cluster.halt();
    const liveness = await call(`${bases[0]}/healthz`);
    const readiness = await call(`${bases[1]}/readyz`);
    await pause(2_500);
    cluster.resume();
    const resumedAt = Date.now();
    const writers = await load;
    expect(liveness.status).toBe(200);
    expect(readiness).toMatchObject({ status: 503, body: { error: 'database_unavailable' } });
    const answers = writers.flatMap((w) => w.answers);
    expect([...statusesOf(writers)].filter((s) => ![200, 409, 503].includes(s))).toEqual([]);
    // Saves were stored again once the database was back, on both instances' watch.
    expect(answers.some((a) => a.status === 200 && a.at > resumedAt)).toBe(true);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body.error).toBe('database_unavailable');
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.ms).toBeLessThan(2_000);
    }
    await eventually(async () => (await Promise.all(bases.map((b) => call(`${b}/readyz`)))).every((a) => a.status === 200), 15_000, 'both ready again');
    for (const [i, site] of sites.entries()) {
      const acked = writers[i]!.acked;
      expect(acked.length).toBeGreaterThan(0);
      expect(await finalTitle(bases[i % 2]!, widgetOf(site))).toEqual(expect.arrayContaining(acked));
    }
  });

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
});

if (!hasLocalPostgres()) test.skip('fleet: install PostgreSQL (bash .ci/run does) to run these tests', () => undefined);
