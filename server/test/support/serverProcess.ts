/** The server as its own process (server/src/main.ts), for start-up, signal and crash tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the address once the server listens; rejects if it exits first or takes too long. */
  listening(timeoutMs?: number): Promise<string>;
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['-r', './server/test/support/register-ts.js', 'server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', PAGES_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => out,
    exited: () => exit,
    listening(timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
        const check = () => {
          const match = /server at (http:\/\/\S+)/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        child.stdout!.on('data', check);
        void exit.then(() => {
          clearTimeout(timer);
          reject(new Error(`exited before listening:\n${out}`));
        });
      });
    },
  };
}
