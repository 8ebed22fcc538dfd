/**
 * The production builds the browser tests share, each made once per run by its own process
 * (test/e2e/buildPages.js), started by the global setup so they build while the first tests run.
 * A test file declares the builds it uses in a line of its first comment, `@e2e-builds stage`
 * (read by testSequencer.js: a run builds only what its files declare), and awaits the folder:
 * `await builtPages('stage')`.
 */
import { spawn, type ChildProcess } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { setPriority } from 'os';
import path from 'path';

export type BuildKind = 'production' | 'stage' | 'serve';
const KINDS: BuildKind[] = ['production', 'stage', 'serve'];
const root = path.resolve(__dirname, '../..');
/** A build runs behind the tests (it uses the time they wait) until a test waits for it. */
const BACKGROUND_NICENESS = 10;
const envName = (kind: BuildKind) => `E2E_BUILD_${kind.toUpperCase()}`;

interface BuildStatus {
  code: number | null;
  signal: string | null;
  output: string;
}

/** The builds the run's test files declare (every build when the run's files are not known). */
export function declaredBuilds(): BuildKind[] {
  const declared = process.env.E2E_BUILDS;
  if (declared === undefined) return KINDS;
  const kinds = declared.split(/\s+/).filter(Boolean);
  const unknown = kinds.filter((k) => !(KINDS as string[]).includes(k));
  if (unknown.length > 0) throw new Error(`Unknown @e2e-builds ${unknown.join(', ')}: the builds are ${KINDS.join(', ')}.`);
  return KINDS.filter((k) => kinds.includes(k));
}

/** Starts the builds in the background; their folders reach the tests in E2E_BUILD_<KIND>. */
export function startSharedBuilds(kinds: BuildKind[]): { stop(): Promise<void> } {
  // Inside the project (ignored by git): the compiled server finds node_modules from there.
  mkdirSync(path.join(root, '.data'), { recursive: true });
  const scratch = mkdtempSync(path.join(root, '.data', 'e2e-builds-'));
  const children: ChildProcess[] = [];
  const exits: Array<Promise<void>> = [];
  for (const kind of kinds) {
    const outDir = path.join(scratch, kind);
    process.env[envName(kind)] = outDir;
    const child = spawn(process.execPath, [path.join(__dirname, 'buildPages.js'), kind, outDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    if (child.pid) {
      process.env[`${envName(kind)}_PID`] = String(child.pid);
      setNiceness(child.pid, BACKGROUND_NICENESS);
    }
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
  if (!outDir) throw new Error(`The ${kind} build was not started: declare it in the test file's first comment (@e2e-builds ${kind}).`);
  const statusFile = `${outDir}.status.json`;
  const pid = Number(process.env[`${envName(kind)}_PID`]);
  // A test waits for it now: it comes first.
  if (pid && !existsSync(statusFile) && isBuildProcess(pid)) setNiceness(pid, 0);
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(statusFile)) {
    if (Date.now() > deadline) throw new Error(`The ${kind} build did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const status = JSON.parse(readFileSync(statusFile, 'utf8')) as BuildStatus;
  if (status.code !== 0) throw new Error(`The ${kind} build failed (${status.code ?? status.signal}):\n${status.output}`);
  return outDir;
}

/** Sets a process's CPU priority, on Linux thread by thread (each has its own); quietly keeps it where that is not allowed. */
function setNiceness(pid: number, niceness: number): void {
  let ids = [pid];
  try {
    ids = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    // No /proc: the process's main thread only.
  }
  for (const id of ids) {
    try {
      setPriority(id, niceness);
    } catch {
      // A thread that has ended, or a priority this user may not raise.
    }
  }
}

/** Whether the process is still one of these builds (its id not yet reused); true where that cannot be told. */
function isBuildProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('buildPages.js');
  } catch {
    return !existsSync('/proc/self');
  }
}
