/**
 * Access tokens against the server as a process, over real HTTP: the owner's token saves, a
 * visitor's may not, a token-info slower than TOKEN_INFO_TIMEOUT_MS is a 503 well inside the
 * client's own time limit per request, and the token appears nowhere in the process's output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REQUEST_TIMEOUT_MS } from '#client/api/routes';
import { startFakeTokenInfo, type FakeTokenInfo } from '../dev/fakeTokenInfo';
import { newDataFolder } from './support/pgliteCluster';
import { FORM } from './support/requests';
import { TEST_SECRET } from './support/instances';
import { startServerProcess, type ServerProcess } from './support/serverProcess';
import { tokenUrl } from './support/tokens';

jest.setTimeout(300_000);

const APP_ID = 'app-under-test';
let work: string;
let fake: FakeTokenInfo;
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'dfw-tokens-'));
  fake = await startFakeTokenInfo({ appId: APP_ID, instanceId: 'site-3' });
  const dataDir = path.join(work, 'db');
  await newDataFolder(dataDir);
  // Room for a fresh process's first fetch on a loaded machine (400 ms was not, on Node 24), far
  // below the slow token-info's 10 s and the client's own limit.
  const env = { APP_ID, TOKEN_INFO_URL: fake.url, TOKEN_INFO_TIMEOUT_MS: '2000', LOG_LEVEL: 'info', PGLITE_DIR: dataDir };
  // Development: the fake token-info is plain http on localhost.
  server = startServerProcess({ NODE_ENV: 'development', APP_SECRET: TEST_SECRET, ...env });
  base = await server.listening();
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited();
  await fake.stop();
  rmSync(work, { recursive: true, force: true });
});

function call(token: string, init: { method?: string; body?: URLSearchParams } = {}) {
  const headers: Record<string, string> = { authorization: token, ...(init.body ? { 'content-type': FORM } : {}) };
  const route = init.body ? '/api/save' : '/api/user';
  return fetch(base + tokenUrl(route, {}), { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}

async function until(seen: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!seen()) {
    if (Date.now() > end) throw new Error(`not seen within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const change = (revision: number) => new URLSearchParams({ user: JSON.stringify({ locale: 'de' }), revision: String(revision) });

test("the owner's token saves and reads; a visitor's may not save; token-info slow is a 503 in time; no token is logged", async () => {
  const saved = await call(fake.ownerToken, { method: 'POST', body: change(0) });
  expect(await saved.json()).toEqual({ revision: 1 });
  expect(await (await call(fake.ownerToken)).json()).toMatchObject({ locale: 'de', revision: 1 });
  const visitor = await call(fake.visitorToken, { method: 'POST', body: change(1) });
  expect([visitor.status, ((await visitor.json()) as { error: string }).error]).toEqual([403, 'forbidden']);

  fake.switches.latencyMs = 10_000;
  const slow = await call(fake.issue({ expiresInSeconds: 60 }));
  expect([slow.status, slow.headers.get('content-type')]).toEqual([503, 'application/json; charset=utf-8']);
  expect(await slow.json()).toMatchObject({ error: 'token_check_unavailable' });
  fake.switches.latencyMs = 0;

  // The process writes its log lines on its own time: wait for the 503's.
  await until(() => server.output().includes('access token check unavailable'));
  for (const token of [fake.ownerToken, fake.visitorToken]) expect(server.output()).not.toContain(token.slice(5));
});
