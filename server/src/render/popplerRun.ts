/**
 * One poppler tool run as a child process under a memory limit (`prlimit --as`), a CPU-time limit
 * (`prlimit --cpu`) and a wall-clock limit (killed past it), with no environment but PATH: its
 * standard output streamed (`start`) or gathered up to a cap (`output`). A tool that exits with an
 * error rejects with PopplerExit (its first line of stderr); one killed past its time, with
 * RenderTimeoutError.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { RenderTimeoutError } from './renderPool';

export class PopplerExit extends Error {}

export interface PopplerLimits {
  memoryBytes: number;
  timeMs: number;
}

export interface PopplerRun {
  stdout: Readable;
  /** Settles when the process has exited (and its output was read to the end). */
  exit: Promise<void>;
  kill(): void;
}

const STDERR_KEPT = 4096;

export function start(tool: string, args: string[], { memoryBytes, timeMs }: PopplerLimits): PopplerRun {
  const child = spawn('prlimit', [`--as=${memoryBytes}`, `--cpu=${Math.max(1, Math.ceil(timeMs / 1000))}`, '--', tool, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (data: string) => {
    if (stderr.length < STDERR_KEPT) stderr += data;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeMs);
  const exit = new Promise<void>((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new PopplerExit(`${tool}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut || signal === 'SIGXCPU') return reject(new RenderTimeoutError(timeMs));
      if (code === 0) return resolve();
      const first = stderr.split('\n').find((line) => line.trim() !== '') ?? `exit ${String(code ?? signal)}`;
      reject(new PopplerExit(`${tool}: ${first.slice(0, 200)}`));
    });
  });
  // Whoever awaits `exit` gets its error; until then it must not be unhandled.
  exit.catch(() => undefined);
  return { stdout: child.stdout, exit, kill: () => child.kill('SIGKILL') };
}

/** The tool's whole standard output, or null when it is longer than `maxBytes` (the tool is then killed). */
export async function output(tool: string, args: string[], limits: PopplerLimits, maxBytes: number): Promise<Buffer | null> {
  const run = start(tool, args, limits);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const data of run.stdout as AsyncIterable<Buffer>) {
    length += data.length;
    if (length > maxBytes) {
      run.kill();
      await run.exit.catch(() => undefined);
      return null;
    }
    chunks.push(data);
  }
  await run.exit;
  return Buffer.concat(chunks);
}
