/**
 * npm run bench, the fleet's part (also alone: npm run bench:fleet): the production server
 * (compiled) on PostgreSQL, one instance and two, under a loopback autocannon load: the widget page
 * (a visitor's, unchanged revision) and the save route (each connection saves its own widget on the
 * revision it got back): requests per second and p99 latency. The reference is a Fastify
 * hello-world route, measured in the same run on the same machine, one process and two. With two
 * instances, one load generator per instance runs at once; their rates add up, the worse p99 counts.
 * Every load run (hello-world too) follows a warm-up of WARMUP_S seconds on the same route with the
 * same connections, not counted: a fresh process runs its first seconds on code V8 has not yet
 * optimized (under load on 2 shared cores the widget page took about 2 s to reach its rate,
 * hello-world about 0.5 s), which a 5-s window would fold into the rate it reports.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else a throwaway cluster (.ci/postgres.sh).
 * Goal: the widget page at least 0.25× the hello-world route on one instance.
 */
/* global fetch -- Node 20 has it */
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { URLSearchParams } from 'node:url';
import autocannon from 'autocannon';
import { spawnServer } from '../../server/test/support/spawnServer.cjs';
import { startLocalPostgres } from '../../deploy/localPostgres.mjs';

const SECRET = 'bench-fleet-secret-of-32-bytes-or-more';
const DURATION_S = Number(process.env.BENCH_FLEET_SECONDS || 5);
const WARMUP_S = Number(process.env.BENCH_FLEET_WARMUP_SECONDS ?? 2);
const CONNECTIONS = 10;
const MODEL = { activeFileId: 'bench-file', activeFilePerm: 'reader', activeFileTitle: 'Bench file', activeFileMimeType: 'application/pdf' };

const HELLO = `
const app = require('fastify')();
app.get('/hello', async () => ({ hello: 'world' }));
app.listen({ host: '127.0.0.1', port: 0 }).then((address) => console.log('server at ' + address));`;

function instance(permissions, instanceId) {
  const payload = Buffer.from(JSON.stringify({ instanceId, signDate: new Date().toISOString(), permissions, uid: 'u', siteOwnerId: 'u' })).toString(
    'base64url',
  );
  return `${createHmac('sha256', SECRET).update(payload).digest('base64url')}.${payload}`;
}
const query = (inst, compId) => new URLSearchParams({ instance: inst, compId, origCompId: '', viewMode: 'site' }).toString();

async function startServer(args, env, root) {
  const server = spawnServer({ args, env, cwd: root, stderr: 'inherit' });
  return { child: server.child, url: await server.listening() };
}

const startInstance = (root, pagesDir, databaseUrl) =>
  startServer(
    ['server/dist/server/src/main.js'],
    {
      NODE_ENV: 'production',
      APP_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      PAGES_DIR: pagesDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WRITE_RATE_LIMIT: '100000000',
    },
    root,
  );
const startHello = (root) => startServer(['-e', HELLO], {}, root);

async function stop(servers) {
  for (const { child } of servers) {
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

function database() {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: () => undefined };
  return startLocalPostgres();
}

/** One autocannon per base URL, at the same time; rates add up, the worst p99 counts. */
async function load(bases, request) {
  const warmup = WARMUP_S > 0 ? { warmup: { connections: CONNECTIONS, duration: WARMUP_S } } : {};
  const runs = await Promise.all(bases.map((url) => autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: [request(url)], ...warmup })));
  // Failures during the warm-up count too.
  const bad = runs.flatMap((r) => [r, r.warmup ?? { non2xx: 0, errors: 0, timeouts: 0 }]).reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  return {
    requestsPerSecond: Math.round(runs.reduce((n, r) => n + r.requests.average, 0)),
    p99Ms: Math.max(...runs.map((r) => r.latency.p99)),
    failed: bad,
  };
}

const helloRequest = () => ({ method: 'GET', path: '/hello' });

function saveRequest(owner) {
  return () => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    setupRequest: (request, ctx) => {
      ctx.comp ??= `load-${randomBytes(6).toString('hex')}`;
      ctx.revision ??= 0;
      const user = JSON.stringify({ ...MODEL, cornerRadiusTopLeft: ctx.revision % 50 });
      return { ...request, path: `/api/save?${query(owner, ctx.comp)}`, body: new URLSearchParams({ user, revision: String(ctx.revision) }).toString() };
    },
    onResponse: (status, body, ctx) => {
      if (status === 200) ctx.revision = JSON.parse(body).revision;
    },
  });
}

async function seed(base, owner) {
  const body = new URLSearchParams({ user: JSON.stringify(MODEL), revision: '0' });
  const saved = await fetch(`${base}/api/save?${query(owner, 'bench-comp')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  if (!saved.ok && saved.status !== 409) throw new Error(`seeding the widget failed: ${saved.status} ${await saved.text()}`);
}

async function measure(root, pagesDir, databaseUrl, count) {
  const hello = await Promise.all(Array.from({ length: count }, () => startHello(root)));
  const helloFigures = await load(
    hello.map((s) => s.url),
    helloRequest,
  );
  await stop(hello);
  const instances = [];
  // One after the other: the first applies the migrations.
  for (let i = 0; i < count; i++) instances.push(await startInstance(root, pagesDir, databaseUrl));
  try {
    const bases = instances.map((s) => s.url);
    const owner = instance('OWNER', 'bench-fleet-site');
    await seed(bases[0], owner);
    const widgetPath = `/widget.html?${query(instance('', 'bench-fleet-site'), 'bench-comp')}`;
    const widgetPage = await load(bases, () => ({ method: 'GET', path: widgetPath }));
    const saveRoute = await load(bases, saveRequest(owner));
    return { helloWorld: helloFigures, widgetPage, saveRoute };
  } finally {
    await stop(instances);
  }
}

export async function benchFleet({ root, pagesDir }) {
  execFileSync('npx', ['tsc', '-p', 'server/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  const db = database();
  try {
    const one = await measure(root, pagesDir, db.url, 1);
    const two = await measure(root, pagesDir, db.url, 2);
    const ratio = (figures) => +(figures.widgetPage.requestsPerSecond / figures.helloWorld.requestsPerSecond).toFixed(3);
    return {
      seconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      connections: CONNECTIONS,
      oneInstance: one,
      twoInstances: two,
      widgetToHelloRatio: { oneInstance: ratio(one), twoInstances: ratio(two), goalOneInstance: 0.25 },
    };
  } finally {
    db.stop();
  }
}

/** The figures as tables. */
export function printFleet(fleet) {
  console.log(
    `\nFleet: loopback load on PostgreSQL, ${fleet.seconds} s × ${fleet.connections} connections per instance after ${fleet.warmupSeconds} s of warm-up; hello-world = a Fastify route in the same run`,
  );
  console.table({
    'hello-world, 1': fleet.oneInstance.helloWorld,
    'widget page, 1': fleet.oneInstance.widgetPage,
    'save route, 1': fleet.oneInstance.saveRoute,
    'hello-world, 2': fleet.twoInstances.helloWorld,
    'widget page, 2': fleet.twoInstances.widgetPage,
    'save route, 2': fleet.twoInstances.saveRoute,
  });
  console.log(
    `Widget page / hello-world: ${fleet.widgetToHelloRatio.oneInstance} on one instance (goal ≥ 0.25), ${fleet.widgetToHelloRatio.twoInstances} on two`,
  );
}
