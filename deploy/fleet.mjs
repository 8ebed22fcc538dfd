/**
 * npm run fleet: server instances on one local PostgreSQL, behind a small round-robin load
 * balancer, for development (PGlite is one process only, so a fleet needs PostgreSQL).
 *   DATABASE_URL  a PostgreSQL to use; without it, a throwaway cluster (.ci/postgres.sh, which
 *                 installs Debian's postgresql when missing) is started and removed on exit
 *   PORT          the load balancer's port (default 3000); the instances take the next ones
 *   FLEET_SIZE    instances (default 2)
 * It builds what `npm run serve` builds (the production pages with the stage, into .data/pages;
 * the server with server/dev, into .data/server-dev) and runs the instances in development mode
 * (the development secret, the stage at /). Where no DRIVE_* or TOKEN_INFO_URL is configured, one
 * fake drive provider and one fake token-info run in this process for the whole fleet
 * (server/dev/fakeServices.ts), so a drive connected through one instance is used by all.
 * An instance that exits is reported and left out; Ctrl-C stops the instances, then the database.
 */
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { request as forward, createServer } from 'node:http';
import path from 'node:path';
import { startLocalPostgres } from './localPostgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 3000);
const size = Number(process.env.FLEET_SIZE || 2);
const children = [];
let cluster = null;
let stopping = false;

function startDatabase() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  cluster = startLocalPostgres();
  console.log(`Throwaway PostgreSQL at ${cluster.url} (removed on exit)`);
  return cluster.url;
}

function startInstance(env, instancePort) {
  const child = spawn(process.execPath, ['.data/server-dev/server/src/main.js'], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(instancePort) },
    stdio: 'inherit',
  });
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`Instance on port ${instancePort} exited (${signal ?? code}); the balancer leaves it out.`);
  });
  return `http://127.0.0.1:${instancePort}`;
}

/** Round robin over the instances that answer; an instance that refuses the connection is skipped. */
function loadBalancer(targets) {
  let next = 0;
  return createServer(async (req, res) => {
    // The body is read first, so a request can go to the next instance when one refuses it.
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const attempt = (tries) => {
      const target = new URL(targets[next++ % targets.length]);
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-fleet-instance': target.port });
          answer.pipe(res);
        },
      );
      upstream.on('error', () => (tries > 1 ? attempt(tries - 1) : res.headersSent || res.writeHead(502).end()));
      upstream.end(body);
    };
    attempt(targets.length);
  });
}

/** The instances finish their requests and close their pools first; then the database stops. */
async function stopAll() {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  cluster?.stop();
  cluster = null;
  process.exit(0);
}
process.once('SIGINT', () => void stopAll());
process.once('SIGTERM', () => void stopAll());

execFileSync('npx', ['webpack', '--mode', 'production', '--env', 'stage', '--env', 'outDir=.data/pages'], { cwd: root, stdio: 'inherit' });
execFileSync('npm', ['run', 'build:serve'], { cwd: root, stdio: 'inherit' });
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', PAGES_DIR: process.env.PAGES_DIR || '.data/pages' };
env.DATABASE_URL = startDatabase();
if (env.NODE_ENV === 'development') {
  const { startFakeServices } = await import(path.join(root, '.data/server-dev/server/dev/fakeServices.js'));
  Object.assign(env, await startFakeServices(env, `http://127.0.0.1:${port}`));
}
const targets = Array.from({ length: size }, (_, i) => startInstance(env, port + 1 + i));
loadBalancer(targets).listen(port, '127.0.0.1', () => {
  console.log(`Fleet of ${size} at http://127.0.0.1:${port}/ (instances: ${targets.join(', ')}; each answer names its instance in x-fleet-instance)`);
});
