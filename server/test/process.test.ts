/**
 * The server as a process: a clear start-up error without APP_SECRET or with a weak secret, a graceful
 * SIGTERM (the save in flight finishes, new connections are refused) that closes the embedded database, and restarts after `kill -9`, during the first start (the data
 * folder being made) and after a committed save.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { refusesConnections, slowSave } from './support/connections';
import { eventually } from './support/fleet';
import { DEVELOPMENT_TOKEN_KEY } from '../src/crypto/tokenCipher';
import { ownerInstance, TEST_SECRET } from './support/instances';
import { newDataFolder } from './support/pgliteCluster';
import { apiUrl, FORM } from './support/requests';
import { startServerProcess, type ServerProcess } from './support/serverProcess';

jest.setTimeout(300_000);

let work: string;
const running: ServerProcess[] = [];
const who = { instance: '', compId: 'tpaSettings', origCompId: 'comp-1' };

function start(dataDir: string, env: Record<string, string> = {}) {
  const server = startServerProcess({ NODE_ENV: 'production', APP_SECRET: TEST_SECRET, PGLITE_DIR: dataDir, ...env });
  running.push(server);
  return server;
}

async function saveOver(base: string, revision: number, activeFileId: string) {
  const body = new URLSearchParams({ user: JSON.stringify({ activeFileId }), revision: String(revision) });
  return fetch(base + apiUrl('/api/save', { ...who, instance: ownerInstance() }), { method: 'POST', body, headers: { 'content-type': FORM } });
}

async function readModel(base: string) {
  return (await fetch(base + apiUrl('/api/user', { ...who, instance: ownerInstance() }))).json() as Promise<{ activeFileId: string | null; revision: number }>;
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'dfw-process-'));
});
// A test that failed half-way leaves no server behind to hold the next test's data folder.
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited();
    }
  }
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('outside development a missing APP_SECRET stops the start with a clear message', async () => {
  const server = startServerProcess({ NODE_ENV: 'production', PGLITE_DIR: path.join(work, 'never') });
  running.push(server);
  expect((await server.exited()).code).toBe(1);
  expect(server.output()).toMatch(/APP_SECRET is not set/);
  expect(existsSync(path.join(work, 'never'))).toBe(false);
});

describe('outside development a weak secret stops the start with a clear message', () => {
  const drive = {
    DRIVE_CLIENT_ID: 'id.apps.example',
    DRIVE_CLIENT_SECRET: 'client-secret',
    DRIVE_REDIRECT_URI: 'https://widget.example.com/api/oauth/callback',
  };
  test.each([
    ['the public development TOKEN_KEY', { APP_SECRET: TEST_SECRET, ...drive, TOKEN_KEY: DEVELOPMENT_TOKEN_KEY }, /TOKEN_KEY is the public development key/],
    ['an APP_SECRET of 31 bytes', { APP_SECRET: 'x'.repeat(31) }, /APP_SECRET is 31 bytes long; outside development it must be at least 32/],
  ])('%s', async (_, env, message) => {
    const server = startServerProcess({ NODE_ENV: 'production', PGLITE_DIR: path.join(work, 'never'), ...env });
    running.push(server);
    expect((await server.exited()).code).toBe(1);
    expect(server.output()).toMatch(message);
    expect(server.output()).toMatch(/^Configuration error: /m);
    expect(existsSync(path.join(work, 'never'))).toBe(false);
  });
});

test('SIGTERM lets the save in flight finish, refuses new connections, closes the embedded database; the next start reads both saves', async () => {
  const dataDir = path.join(work, 'graceful');
  // Not a first start (the next test is): the folder is new, but not made by this server.
  await newDataFolder(dataDir);
  const first = start(dataDir, { SHUTDOWN_TIMEOUT_MS: '5000' });
  const base = await first.listening();
  expect((await saveOver(base, 0, 'kept')).status).toBe(200);
  const upload = slowSave(base, { ...who, instance: ownerInstance(), origCompId: 'comp-2' }, { activeFileId: 'uploaded' }, 0);
  await new Promise((r) => setTimeout(r, 200));
  first.child.kill('SIGTERM');
  await eventually(() => refusesConnections(base), 2_000, 'new connections refused');
  upload.finish();
  expect(await upload.answer).toMatchObject({ status: 200, connection: 'close' });
  expect(await first.exited()).toEqual({ code: 0, signal: null });
  expect(existsSync(`${dataDir}.lock`)).toBe(false);

  const second = start(dataDir);
  const base2 = await second.listening();
  expect(await readModel(base2)).toMatchObject({ activeFileId: 'kept', revision: 1 });
  const uploaded = await fetch(base2 + apiUrl('/api/user', { ...who, instance: ownerInstance(), origCompId: 'comp-2' }));
  expect(await uploaded.json()).toMatchObject({ activeFileId: 'uploaded', revision: 1 });
  second.child.kill('SIGTERM');
  expect((await second.exited()).code).toBe(0);
});

test('killed with -9 during its first start, the next start does not hang and makes a working database', async () => {
  const dataDir = path.join(work, 'first-start');
  const first = start(dataDir);
  // Wait until the data folder is being made, then kill.
  const deadline = Date.now() + 60_000;
  while (!readdirSync(work).some((n) => n.startsWith('first-start.init-')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  first.child.kill('SIGKILL');
  expect((await first.exited()).signal).toBe('SIGKILL');
  expect(existsSync(`${dataDir}.lock`)).toBe(true);

  const second = start(dataDir);
  const base = await second.listening();
  expect(readdirSync(work).filter((n) => n.startsWith('first-start.init-'))).toEqual([]);
  expect((await saveOver(base, 0, 'after-crash')).status).toBe(200);
  second.child.kill('SIGTERM');
  expect((await second.exited()).code).toBe(0);
});

test('killed with -9 right after a committed save, the next start has the save', async () => {
  // The folder the graceful test made (revision 1).
  const dataDir = path.join(work, 'graceful');
  const first = start(dataDir);
  const base = await first.listening();
  expect((await saveOver(base, 1, 'one')).status).toBe(200);
  expect((await saveOver(base, 2, 'two')).status).toBe(200);
  first.child.kill('SIGKILL');
  await first.exited();

  const second = start(dataDir);
  const base2 = await second.listening();
  expect(await readModel(base2)).toMatchObject({ activeFileId: 'two', revision: 3 });
  second.child.kill('SIGTERM');
  expect((await second.exited()).code).toBe(0);
});

test('a second server on the same data folder is refused while the first runs', async () => {
  const dataDir = path.join(work, 'graceful');
  const first = start(dataDir);
  await first.listening();
  const second = start(dataDir);
  expect((await second.exited()).code).toBe(1);
  expect(second.output()).toMatch(/in use by process \d+/);
  first.child.kill('SIGTERM');
  expect((await first.exited()).code).toBe(0);
});
