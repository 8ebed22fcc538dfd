/** The server as its own process (server/src/main.ts, run as TypeScript), for start-up, signal and crash tests. */
import path from 'node:path';
import { spawnServer, type SpawnedServer } from './spawnServer.cjs';

const root = path.resolve(__dirname, '../../..');

export type ServerProcess = SpawnedServer;

export function startServerProcess(env: Record<string, string>): ServerProcess {
  return spawnServer({
    args: ['-r', './server/test/support/register-ts.js', 'server/src/main.ts'],
    env: { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', PAGES_DIR: '/nonexistent', ...env },
    cwd: root,
  });
}
