/**
 * A fleet for the tests: a throwaway PostgreSQL cluster of the test's own (.ci/postgres.sh, so the
 * test may stop and start it), and server processes on it, talked to over HTTP.
 * The cluster needs PostgreSQL's programs on this machine (CI installs them); without them the
 * fleet tests are skipped, except under CI (CI=true), where they fail.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
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
  halt(): Promise<void>;
  /** Starts it again, on the same port and data. */
  resume(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back a moment later. */
  restart(): Promise<void>;
  /** `pg_terminate_backend()` on every client backend but the caller's; resolves with how many. */
  terminateBackends(): Promise<number>;
  stop(): void;
}

/** The cluster's programs run beside the test's event loop (not blocking it), so the load goes on meanwhile. */
const runAsync = promisify(execFile);

export function startCluster(): Cluster {
  const env = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const value = (name: string) => new RegExp(`${name}='([^']+)'`).exec(env)?.[1] ?? '';
  const dir = value('PG_TEST_DIR');
  const url = value('TEST_DATABASE_URL');
  const run = async (command: string) => void (await runAsync('bash', [script, command, dir]));
  return {
    url,
    halt: () => run('halt'),
    resume: () => run('resume'),
    restart: () => run('restart'),
    terminateBackends: () => terminateBackends(url),
    stop: () => execFileSync('bash', [script, 'stop', dir], { stdio: 'ignore' }),
  };
}

async function terminateBackends(url: string): Promise<number> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    // The pids first: in one statement the planner may call pg_terminate_backend() on the caller too.
    const others = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
    const pids = others.rows.map((r) => r.pid);
    const ended = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM unnest($1::int[]) AS pid WHERE pg_terminate_backend(pid)', [pids]);
    return ended.rows[0]?.n ?? 0;
  } finally {
    await admin.end();
  }
}

/**
 * Runs a test's body; when it fails, the error says what each instance printed and how it ended,
 * so a server that crashed (no answer) shows its own last words.
 */
export async function explainingInstances(servers: () => readonly ServerProcess[], body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    const states = servers().map((server, i) => {
      const { exitCode, signalCode } = server.child;
      const state = exitCode === null && signalCode === null ? 'running' : `exited (${signalCode ?? exitCode})`;
      // Each line marked, so Jest does not read the instance's own stack traces as the test's.
      const output = server
        .output()
        .slice(-4_000)
        .split('\n')
        .map((line) => `  | ${line}`);
      return `--- instance ${i} (pid ${server.child.pid}, ${state}); its last output:\n${output.join('\n')}`;
    });
    if (error instanceof Error) error.message += `\n\n${states.join('\n')}`;
    throw error;
  }
}

export function startInstance(databaseUrl: string, env: Record<string, string> = {}): ServerProcess {
  return startServerProcess({ NODE_ENV: 'production', APP_SECRET: TEST_SECRET, DATABASE_URL: databaseUrl, ...env });
}

export interface Answer {
  /** What was asked (method and URL). */
  asked: string;
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
  const asked = `${init.method ?? 'GET'} ${url}`;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    return { asked, status: response.status, body, headers: response.headers, ms: Date.now() - started, at: Date.now() };
  } catch {
    return { asked, status: 0, body: {}, headers: new Headers(), ms: Date.now() - started, at: Date.now() };
  }
}

export function saveOn(base: string, who: Who, user: unknown, revision: number): Promise<Answer> {
  const body = new URLSearchParams({ user: JSON.stringify(user), revision: String(revision) });
  return call(base + apiUrl('/api/save', who), { method: 'POST', body, headers: { 'content-type': FORM } });
}

export function readOn(base: string, who: Who): Promise<Answer> {
  return call(base + apiUrl('/api/user', who));
}

/** A visitor's widget page (the instances need a PAGES_DIR with a widget.html). */
export function pageOn(base: string, who: Who): Promise<Answer> {
  return call(base + apiUrl('/widget.html', who));
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
