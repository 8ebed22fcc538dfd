/**
 * The app as `npm run serve` runs it, for browser tests: the production pages with the stage
 * (built once per run by the global setup: sharedBuilds.ts) and the server started by `npm run serve`'s entry
 * (server/dev/serveWithFakeDrive.ts) as its own process, with the fake drive provider and an
 * embedded database in scratch folders.
 */
import { spawn, type ChildProcess } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { builtPages } from './sharedBuilds';

const root = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServedApp {
  url: string;
  fakeDriveUrl: string;
  /** Everything the process printed: its log lines included. */
  output(): string;
  stop(): Promise<void>;
}

/** How the entry runs: `compiled` is `npm run serve`'s own output (the shared `serve` build), else the TypeScript sources. */
async function entry(compiled: boolean): Promise<string[]> {
  if (compiled) return [path.join(await builtPages('serve'), 'server/dev/serveWithFakeDrive.js')];
  return ['-r', './server/test/support/register-ts.js', 'server/dev/serveWithFakeDrive.ts'];
}

/** `env`: more of the server's configuration (e.g. a shorter NATIVE_CHECK_INTERVAL_SECONDS); `compiled`: run the compiled output. */
export async function startServedApp(env: Record<string, string> = {}, { compiled = false } = {}): Promise<ServedApp> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'dfw-served-'));
  // SERVED_PAGES_DIR reuses pages built earlier (while working on a test); normally the shared build's.
  const pages = process.env.SERVED_PAGES_DIR ?? (await builtPages('stage'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, await entry(compiled), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PAGES_DIR: pages,
      PGLITE_DIR: path.join(scratch, 'pglite'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    // Idle it starts in a few seconds; on a loaded machine (builds and other tests beside it) it has taken over a minute.
    const timer = setTimeout(() => reject(new Error(`The served app did not start:\n${out}`)), 180_000);
    const check = () => {
      const match = /server at (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The served app exited:\n${out}`));
    });
  });
  const fake = /Fake drive provider at (http:\/\/\S+)/.exec(out)?.[1];
  if (!fake) throw new Error(`No fake drive provider was started:\n${out}`);
  return {
    url,
    fakeDriveUrl: fake,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
