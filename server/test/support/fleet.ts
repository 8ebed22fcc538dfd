/**
 * A fleet for the tests: a throwaway PostgreSQL cluster of the test's own (.ci/postgres.sh, so the
 * test may stop and start it), and server processes on it, talked to over HTTP.
 * The cluster needs PostgreSQL's programs on this machine (CI installs them); without them the
 * fleet tests are skipped, except under CI (CI=true), where they fail.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { TEST_SECRET } from './instances';
import { apiUrl, FORM, type Who } from './requests';
import { startServerProcess, type ServerProcess } from './serverProcess';

const root = path.resolve(__dirname, '../../..');
const script = path.join(root, '.ci/postgres.sh');

export function hasLocalPostgres(): boolean {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return false;
  return readdirSync(base).some((version) => existsSync(path.join(base, version, 'bin/initdb')));
}

export function requireLocalPostgresInCi(): void {
  if (!hasLocalPostgres() && process.env.CI === 'true') throw new Error('CI must run the fleet tests: PostgreSQL is not installed (.ci/run installs it).');
}

export interface Cluster {
  url: string;
  /** Stops the database server: its clients are cut off, new connections refused. */
  halt(): void;
  /** Starts it again, on the same port and data. */
  resume(): void;
  stop(): void;
}

export function startCluster(): Cluster {
  const env = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const value = (name: string) => new RegExp(`${name}='([^']+)'`).exec(env)?.[1] ?? '';
  const dir = value('PG_TEST_DIR');
  const run = (command: string) => execFileSync('bash', [script, command, dir], { stdio: 'ignore' });
  return { url: value('TEST_DATABASE_URL'), halt: () => run('halt'), resume: () => run('resume'), stop: () => run('stop') };
}

export function startInstance(databaseUrl: string, env: Record<string, string> = {}): ServerProcess {
  return startServerProcess({ NODE_ENV: 'production', APP_SECRET: TEST_SECRET, DATABASE_URL: databaseUrl, ...env });
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  ms: number;
  /** When the answer came (Date.now()). */
  at: number;
}

/** A request with a time limit; a failure to get any answer is status 0. */
export async function call(url: string, init: RequestInit = {}, timeoutMs = 8_000): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    return { status: response.status, body, headers: response.headers, ms: Date.now() - started, at: Date.now() };
  } catch {
    return { status: 0, body: {}, headers: new Headers(), ms: Date.now() - started, at: Date.now() };
  }
}

export function saveOn(base: string, who: Who, user: unknown, revision: number): Promise<Answer> {
  const body = new URLSearchParams({ user: JSON.stringify(user), revision: String(revision) });
  return call(base + apiUrl('/api/save', who), { method: 'POST', body, headers: { 'content-type': FORM } });
}

export function readOn(base: string, who: Who): Promise<Answer> {
  return call(base + apiUrl('/api/user', who));
}

/** Resolves once `check` holds, polling; rejects after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
