/**
 * The production builds the browser tests share, each made once per run by its own process
 * (test/e2e/buildPages.js), started by the global setup so they build while the first tests run.
 * A test awaits the folder of the build it needs: `await builtPages('stage')`.
 */
import { spawn, type ChildProcess } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';

export type BuildKind = 'production' | 'stage';
const KINDS: BuildKind[] = ['production', 'stage'];
const root = path.resolve(__dirname, '../..');
const envName = (kind: BuildKind) => `E2E_BUILD_${kind.toUpperCase()}`;

interface BuildStatus {
  code: number | null;
  signal: string | null;
  output: string;
}

/** Starts every build in the background; their folders reach the tests in E2E_BUILD_<KIND>. */
export function startSharedBuilds(): { stop(): Promise<void> } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'dfw-e2e-builds-'));
  const children: ChildProcess[] = [];
  const exits: Array<Promise<void>> = [];
  for (const kind of KINDS) {
    const outDir = path.join(scratch, kind);
    process.env[envName(kind)] = outDir;
    const child = spawn(process.execPath, [path.join(__dirname, 'buildPages.js'), kind, outDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    children.push(child);
    exits.push(
      new Promise<void>((resolve) =>
        child.once('exit', (code, signal) => {
          const status: BuildStatus = { code, signal, output };
          writeFileSync(`${outDir}.status.json`, JSON.stringify(status));
          resolve();
        }),
      ),
    );
  }
  return {
    async stop() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.all(exits);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The folder of a shared build, once it is built; fails with the build's output if it failed. */
export async function builtPages(kind: BuildKind, timeoutMs = 240_000): Promise<string> {
  const outDir = process.env[envName(kind)];
  if (!outDir) throw new Error(`${envName(kind)} is not set: the browser tests need their global setup.`);
  const statusFile = `${outDir}.status.json`;
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(statusFile)) {
    if (Date.now() > deadline) throw new Error(`The ${kind} build did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const status = JSON.parse(readFileSync(statusFile, 'utf8')) as BuildStatus;
  if (status.code !== 0) throw new Error(`The ${kind} build failed (${status.code ?? status.signal}):\n${status.output}`);
  return outDir;
}
