/** The server as its own process (server/src/main.ts, run as TypeScript), for start-up, signal and crash tests. */
import path from 'node:path';
import { spawnServer, type SpawnedServer } from './spawnServer.cjs';

const root = path.resolve(__dirname, '../../..');

export type ServerProcess = SpawnedServer;

/**
 * V8 compiles the embedded database's WebAssembly (PGlite) with its baseline compiler only
 * (`--liftoff-only`): a test's server lives a few seconds, too short to earn back the optimizing
 * compiler's work, which was more than half of a start's CPU time (2.4 s a start, 1 s with the
 * flag). The database runs the same; the production server keeps V8's defaults.
 */
const NODE_FLAGS = ['--liftoff-only'];

export function startServerProcess(env: Record<string, string>): ServerProcess {
  return spawnServer({
    args: [...NODE_FLAGS, '-r', './server/test/support/register-ts.js', 'server/src/main.ts'],
    env: { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', PAGES_DIR: '/nonexistent', ...env },
    cwd: root,
  });
}
