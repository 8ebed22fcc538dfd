/**
 * What an operator relies on: liveness and readiness, 503 `database_unavailable` (never 500, never
 * a hang) while the database cannot be reached, and the metrics behind their token.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadBuiltPages, type BuiltPages } from '../src/pages/builtPages';
import type { Database } from '../src/db/database';
import { openPostgres } from '../src/db/postgres';
import { ownerInstance, visitorInstance } from './support/instances';
import { openNewPglite } from './support/pgliteCluster';
import { apiUrl, readUser, save } from './support/requests';
import { openTestDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(60_000);

const TOKEN = 'operations-metrics-token';
const panel = () => ({ instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' });
const widget = () => ({ instance: visitorInstance(), compId: 'comp-1' });

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

describe('on a working database', () => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => db.close());
  afterEach(async () => t?.app.close());

  test('/healthz says the process lives, /readyz that the database answers with every migration applied', async () => {
    t = await startTestApp({ db });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok', database: 'pglite' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  test('/readyz is 503 not_ready on a database whose migrations are not applied', async () => {
    const bare = await openNewPglite();
    try {
      t = await startTestApp({ db: bare });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'not_ready' });
    } finally {
      await t.app.close();
      await bare.close();
    }
  });

  test('without METRICS_TOKEN there is no /metrics; with it, only the token opens it', async () => {
    t = await startTestApp({ db });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await t.app.close();
    t = await startTestApp({ db, config: { metricsToken: TOKEN, writeRateLimit: { max: 1, windowMs: 60_000 } } });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/metrics?token=${TOKEN}` })).statusCode).toBe(401);
  });

  test('the metrics count requests by route and status, their latency, and write-limit refusals', async () => {
    t = await startTestApp({ db, config: { metricsToken: TOKEN, writeRateLimit: { max: 1, windowMs: 60_000 } } });
    await db.query('TRUNCATE widget_settings, write_limits');
    await readUser(t.app, widget());
    expect((await save(t.app, panel(), { activeFileTitle: 'a' }, 0)).statusCode).toBe(200);
    expect((await save(t.app, panel(), { activeFileTitle: 'b' }, 1)).statusCode).toBe(429);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = metrics.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/user",status="200"} 1');
    expect(text).toContain('http_requests_total{method="POST",route="/api/save",status="429"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/save",status="200"} 1');
    expect(text).toContain('write_limit_refusals_total{route="POST /api/save"} 1');
    expect(text).toContain('# TYPE drive_calls_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain(panel().instance.slice(0, 20));
  });
});

describe('while the database cannot be reached', () => {
  const sockets: Socket[] = [];
  let blackhole: Server;
  let refusedUrl: string;
  let silentUrl: string;
  let pagesDir: string;
  let pages: BuiltPages;

  beforeAll(async () => {
    pagesDir = mkdtempSync(path.join(tmpdir(), 'dfw-outage-pages-'));
    writeFileSync(path.join(pagesDir, 'widget.html'), '<!doctype html><html lang=en><head></head><body><div id=root></div></body></html>');
    pages = loadBuiltPages(pagesDir)!;
    // A port nobody listens on: connections are refused, as when the database is stopped.
    const closed = createServer();
    refusedUrl = `postgres://dfw@127.0.0.1:${await listen(closed)}/none`;
    await new Promise((r) => closed.close(r));
    // A database host that accepts connections and never answers (a network partition).
    blackhole = createServer((socket) => void sockets.push(socket));
    silentUrl = `postgres://dfw@127.0.0.1:${await listen(blackhole)}/none`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => blackhole.close(r));
    rmSync(pagesDir, { recursive: true, force: true });
  });

  test.each([
    ['refused', () => refusedUrl],
    ['silent', () => silentUrl],
  ])('(%s) every route that needs it answers 503 database_unavailable with Retry-After within 2 s; /healthz stays 200', async (_name, url) => {
    const db = await openPostgres({ connectionString: url(), checkOnOpen: false, connectTimeoutMs: 1_000 });
    const t = await startTestApp({ db, pages, config: { metricsToken: TOKEN } });
    try {
      for (const request of [
        () => readUser(t.app, widget()),
        () => save(t.app, panel(), { activeFileTitle: 'kept on the client' }, 0),
        () => t.app.inject({ method: 'GET', url: apiUrl('/widget.html', widget()) }),
        () => t.app.inject({ method: 'GET', url: '/readyz' }),
      ]) {
        const started = Date.now();
        const answer = await request();
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['retry-after']).toBe('2');
        expect(answer.json()).toMatchObject({ error: 'database_unavailable' });
      }
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.body).toContain('http_requests_total{method="GET",route="/api/user",status="503"} 1');
      expect(metrics.body).toMatch(/db_pool_connections\{state="max"\} 10/);
      expect(t.logs()).not.toContain('"level":50');
    } finally {
      await t.app.close();
      await db.close();
    }
  });
});
