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

interface Started {
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
  /** The server's address once it listens; rejects when the process exits first. */
  url: Promise<string>;
}

function spawnServer(args: string[], env: Record<string, string>): Started {
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = new Promise<string>((resolve, reject) => {
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
  return { child, exited, output: () => out, url };
}

/**
 * The port is free when probed, but the process binds it seconds later, after its fake services
 * took ports of their own: another listener may have been given it meanwhile. Then the process
 * exits saying EADDRINUSE, and it is started again on another port.
 */
const PORT_ATTEMPTS = 3;

/** `env`: more of the server's configuration (e.g. a shorter NATIVE_CHECK_INTERVAL_SECONDS); `compiled`: run the compiled output. */
export async function startServedApp(env: Record<string, string> = {}, { compiled = false } = {}): Promise<ServedApp> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'dfw-served-'));
  // SERVED_PAGES_DIR reuses pages built earlier (while working on a test); normally the shared build's.
  const pages = process.env.SERVED_PAGES_DIR ?? (await builtPages('stage'));
  const args = await entry(compiled);
  for (let attempt = 1; ; attempt += 1) {
    const started = spawnServer(args, {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      PAGES_DIR: pages,
      PGLITE_DIR: path.join(scratch, `pglite-${attempt}`),
      LOG_LEVEL: 'info',
      ...env,
    });
    try {
      return servedApp(started, await started.url, scratch);
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !/EADDRINUSE/.test(started.output())) throw error;
    }
  }
}

function servedApp({ child, exited, output }: Started, url: string, scratch: string): ServedApp {
  const out = output();
  const fake = /Fake drive provider at (http:\/\/\S+)/.exec(out)?.[1];
  if (!fake) throw new Error(`No fake drive provider was started:\n${out}`);
  return {
    url,
    fakeDriveUrl: fake,
    output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
