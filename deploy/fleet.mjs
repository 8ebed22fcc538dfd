/**
 * npm run fleet: two server instances on one local PostgreSQL, behind a small round-robin load
 * balancer, for development (PGlite is one process only, so a fleet needs PostgreSQL).
 *   DATABASE_URL  a PostgreSQL to use; without it, a throwaway cluster (.ci/postgres.sh, which
 *                 installs Debian's postgresql when missing) is started and removed on exit
 *   PORT          the load balancer's port (default 3000); the instances take the next two
 *   FLEET_SIZE    instances (default 2)
 * It builds the pages and the production server first (npm run build, npm run build:server), and
 * runs the instances in development mode (the development secret, the stage at /). The drive's
 * routes answer 501 unless DRIVE_* is configured: the fake provider of `npm run serve` lives in one
 * process and cannot be shared by a fleet.
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

function startDatabase() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  cluster = startLocalPostgres();
  console.log(`Throwaway PostgreSQL at ${cluster.url} (removed on exit)`);
  return cluster.url;
}

function startInstance(databaseUrl, instancePort) {
  const child = spawn(process.execPath, ['server/dist/server/src/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development', DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(instancePort) },
    stdio: 'inherit',
  });
  children.push(child);
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

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
  cluster?.stop();
  cluster = null;
}
process.once('SIGINT', () => (stopAll(), process.exit(0)));
process.once('SIGTERM', () => (stopAll(), process.exit(0)));

execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
execFileSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
const databaseUrl = startDatabase();
const targets = Array.from({ length: size }, (_, i) => startInstance(databaseUrl, port + 1 + i));
loadBalancer(targets).listen(port, '127.0.0.1', () => {
  console.log(`Fleet of ${size} at http://127.0.0.1:${port}/ (instances: ${targets.join(', ')}; each answer names its instance in x-fleet-instance)`);
});
