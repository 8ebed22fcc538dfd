/**
 * The access plugin with the platform's current credential: `Authorization: <access token>`,
 * checked with token-info (the fake of server/dev/fakeTokenInfo.ts, a real HTTP server) and the
 * contract's rule. Every token case of docs/platform.md's "Access tokens", and token-info failing.
 */
import { startFakeTokenInfo, type FakeTokenInfo } from '../dev/fakeTokenInfo';
import type { Database } from '../src/db/database';
import { FAILED_CHECKS, REFUSAL_KEEP_MS } from '../src/http/tokenInfo';
import { readWith, saveWith } from './support/tokens';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(120_000);

const APP_ID = 'app-under-test';
const SITE = 'site-9';
/** Roomy, for a loaded machine (thirty checks at once among them); the slow token-info test uses a short one of its own. */
const TIMEOUT_MS = 30_000;
const SHORT_TIMEOUT_MS = 300;
const model = { activeFileId: 'file-1', activeFilePerm: 'reader', activeFileTitle: 'Plan', activeFileMimeType: 'application/pdf' };

let db: Database;
let fake: FakeTokenInfo;
let t: TestApp;
/** The server's and token-info's one clock (a token's exp and its check agree however slow the machine). */
let clock = Date.now();

beforeAll(async () => {
  [db, fake] = await Promise.all([openTestDatabase(), startFakeTokenInfo({ appId: APP_ID, instanceId: SITE, now: () => clock })]);
});
afterAll(async () => {
  await Promise.all([db.close(), fake.stop()]);
});
beforeEach(async () => {
  await resetDatabase(db);
  Object.assign(fake.switches, { status: null, retryAfterSeconds: null, latencyMs: 0, rateLimit: null });
  clock = Date.now();
  const tokens = { appId: APP_ID, tokenInfoUrl: fake.url, timeoutMs: TIMEOUT_MS };
  t = await startTestApp({ db, config: { tokens, writeRateLimit: { max: 1000, windowMs: 60_000 } }, now: () => clock });
});
afterEach(async () => {
  await t.app.close();
});

function expectRefusal(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, error: string) {
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ error, message: expect.stringMatching(/\w{4}/) });
  expect(response.statusCode).toBe(status);
}

describe('a valid token', () => {
  test("the owner's token (subject USER) saves, and reads back all of its model", async () => {
    const owner = fake.issue({ subjectType: 'USER', expiresInSeconds: 600 });
    expect((await saveWith(t.app, { token: owner }, { ...model, activeFilePerm: 'none' }, 0)).json()).toEqual({ revision: 1 });
    const read = await readWith(t.app, { token: owner });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ activeFileId: 'file-1', activeFilePerm: 'none', breadcrumb: expect.any(Array), revision: 1 });
    const rows = await db.query<{ instance_id: string }>('SELECT instance_id FROM widget_settings');
    expect(rows.map((row) => row.instance_id)).toEqual([SITE]);
  });

  test("a visitor's token may not save (403) and reads only the visitor's view", async () => {
    await saveWith(t.app, { token: fake.ownerToken }, { ...model, activeFilePerm: 'none' }, 0);
    expectRefusal(await saveWith(t.app, { token: fake.visitorToken }, model, 1), 403, 'forbidden');
    const read = await readWith(t.app, { token: fake.visitorToken });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ activeFileId: null, revision: 1 });
    expect(read.json()).not.toHaveProperty('breadcrumb');
  });

  test.each(['MEMBER', 'APP', 'UNKNOWN'])('subject type %s is no owner', async (subjectType) => {
    expectRefusal(await saveWith(t.app, { token: fake.issue({ subjectType, expiresInSeconds: 600 }) }, model, 0), 403, 'forbidden');
  });
});

describe('a refused token is 401, and nothing is stored', () => {
  test.each([
    ['forged (unknown to token-info)', () => 'fake.forged-token', 'invalid_token'],
    ['expired', () => fake.issue({ expiresInSeconds: -1 }), 'expired_token'],
    ['inactive', () => fake.issue({ active: false, expiresInSeconds: 600 }), 'inactive_token'],
    ['issued to another app', () => fake.issue({ clientId: 'another-app', expiresInSeconds: 600 }), 'wrong_app'],
    ['naming no site', () => fake.issue({ instanceId: null, expiresInSeconds: 600 }), 'no_instance'],
    ['naming a site id with NUL', () => fake.issue({ instanceId: 'site\u0000x', expiresInSeconds: 600 }), 'no_instance'],
    ['sent as Bearer', () => `Bearer ${fake.ownerToken}`, 'invalid_token'],
    ['empty', () => '', 'invalid_token'],
  ])('%s', async (_, token, error) => {
    expectRefusal(await saveWith(t.app, { token: token() }, model, 0), 401, error);
    expectRefusal(await readWith(t.app, { token: token() }), 401, error);
    expect(await db.query('SELECT 1 FROM widget_settings')).toEqual([]);
  });

  test('a token the server cannot take is refused without asking token-info', async () => {
    const before = fake.calls();
    expectRefusal(await readWith(t.app, { token: `Bearer ${fake.ownerToken}` }), 401, 'invalid_token');
    expectRefusal(await readWith(t.app, { token: 'x'.repeat(5000) }), 401, 'invalid_token');
    expect(fake.calls()).toBe(before);
  });
});

describe('token-info failing is 503 with Retry-After, in time', () => {
  test.each([500, 502, 429])('token-info answering %i', async (status) => {
    fake.switches.status = status;
    const response = await saveWith(t.app, { token: fake.ownerToken }, model, 0);
    expectRefusal(response, 503, 'token_check_unavailable');
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(t.logs()).toMatch(/access token check unavailable/);
  });

  test("token-info's 429 is 503 with its Retry-After, and token-info is not asked again until then", async () => {
    Object.assign(fake.switches, { status: 429, retryAfterSeconds: 30 });
    const before = fake.calls();
    const first = await readWith(t.app, { token: fake.issue({ expiresInSeconds: 600 }) });
    expectRefusal(first, 503, 'token_check_unavailable');
    expect(first.headers['retry-after']).toBe('30');
    clock += 10_000;
    const second = await readWith(t.app, { token: fake.issue({ expiresInSeconds: 600 }) });
    expectRefusal(second, 503, 'token_check_unavailable');
    expect(second.headers['retry-after']).toBe('20');
    expect(fake.calls()).toBe(before + 1);
    Object.assign(fake.switches, { status: null, retryAfterSeconds: null });
    clock += 20_000;
    expect((await readWith(t.app, { token: fake.issue({ expiresInSeconds: 600 }) })).statusCode).toBe(200);
  });

  test('token-info answering in an unknown shape', async () => {
    expectRefusal(await readWith(t.app, { token: fake.issue({ answer: ['active', true] }) }), 503, 'token_check_unavailable');
    expectRefusal(await readWith(t.app, { token: fake.issue({ answer: { active: 'yes', exp: 1 } }) }), 503, 'token_check_unavailable');
  });

  test('token-info slower than the time limit: 503 before it answers', async () => {
    await t.app.close();
    t = await startTestApp({ db, config: { tokens: { appId: APP_ID, tokenInfoUrl: fake.url, timeoutMs: SHORT_TIMEOUT_MS } } });
    fake.switches.latencyMs = 10_000;
    const started = Date.now();
    const response = await readWith(t.app, { token: fake.ownerToken });
    expectRefusal(response, 503, 'token_check_unavailable');
    // Token-info would answer only 10 s after the question; the answer came at the limit.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(t.logs()).toContain(`no answer within ${SHORT_TIMEOUT_MS} ms`);
  });

  test('token-info down (nothing listening): 503', async () => {
    await t.app.close();
    t = await startTestApp({ db, config: { tokens: { appId: APP_ID, tokenInfoUrl: 'http://127.0.0.1:9/oauth2/token-info', timeoutMs: SHORT_TIMEOUT_MS } } });
    expectRefusal(await readWith(t.app, { token: fake.ownerToken }), 503, 'token_check_unavailable');
  });
});

describe('the verdict is kept until the token expires', () => {
  test('a second request within exp does not ask token-info again', async () => {
    const token = fake.issue({ expiresInSeconds: 60 });
    const before = fake.calls();
    expect((await readWith(t.app, { token })).statusCode).toBe(200);
    expect((await saveWith(t.app, { token }, model, 0)).statusCode).toBe(200);
    clock += 59_000;
    expect((await readWith(t.app, { token })).statusCode).toBe(200);
    expect(fake.calls()).toBe(before + 1);
  });

  test('after exp, token-info is asked again, and the expired token refused', async () => {
    const token = fake.issue({ expiresInSeconds: 60 });
    const before = fake.calls();
    expect((await readWith(t.app, { token })).statusCode).toBe(200);
    clock += 61_000;
    expectRefusal(await readWith(t.app, { token }), 401, 'expired_token');
    expect(fake.calls()).toBe(before + 2);
  });

  test('a verdict is kept at most an hour, however far its exp', async () => {
    const token = fake.issue({ expiresInSeconds: 3 * 3600 });
    const before = fake.calls();
    expect((await readWith(t.app, { token })).statusCode).toBe(200);
    clock += 59 * 60_000;
    expect((await readWith(t.app, { token })).statusCode).toBe(200);
    expect(fake.calls()).toBe(before + 1);
    clock += 2 * 60_000;
    expect((await readWith(t.app, { token })).statusCode).toBe(200);
    expect(fake.calls()).toBe(before + 2);
  });

  test('requests at once with one token ask token-info once, and the counts for the metrics say so', async () => {
    const token = fake.issue({ expiresInSeconds: 60 });
    const before = fake.calls();
    const answers = await Promise.all([1, 2, 3].map(() => readWith(t.app, { token })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(fake.calls()).toBe(before + 1);
    await readWith(t.app, { token });
    await readWith(t.app, { token: 'fake.forged' });
    fake.switches.status = 500;
    await readWith(t.app, { token: fake.issue({ expiresInSeconds: 60 }) });
    expect(t.app.accessTokenCounts()).toEqual({ calls: 3, cacheHits: 1, refused: 1, unavailable: 1, limited: 0 });
  });

  test('a refusal is kept briefly: the same token is refused again without asking token-info', async () => {
    const before = fake.calls();
    expectRefusal(await readWith(t.app, { token: 'fake.forged' }), 401, 'invalid_token');
    clock += REFUSAL_KEEP_MS - 1_000;
    expectRefusal(await readWith(t.app, { token: 'fake.forged' }), 401, 'invalid_token');
    expect(fake.calls()).toBe(before + 1);
    clock += 2_000;
    expectRefusal(await readWith(t.app, { token: 'fake.forged' }), 401, 'invalid_token');
    expect(fake.calls()).toBe(before + 2);
  });
});

describe('made-up tokens cannot make token-info refuse the real owners', () => {
  const ATTACKER = '203.0.113.66';
  const OWNER = '198.51.100.7';

  test('thirty made-up tokens from one address ask token-info at most the limit; the owner at another address still gets in', async () => {
    // The platform's own limit on the app's questions, as the real one has.
    fake.switches.rateLimit = { max: 20, windowSeconds: 60 };
    const owner = fake.issue({ expiresInSeconds: 600 });
    const before = fake.calls();
    const garbage = Array.from({ length: 30 }, (_, i) => `fake.made-up-${i}`);
    const answers = await Promise.all(garbage.map((token) => readWith(t.app, { token, from: ATTACKER })));
    expect(fake.calls() - before).toBeLessThanOrEqual(FAILED_CHECKS.max);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401)).toHaveLength(fake.calls() - before);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(limited).toHaveLength(30 - (fake.calls() - before));
    for (const answer of limited) {
      expectRefusal(answer, 429, 'rate_limited');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    // The same made-up token again: refused from memory, token-info not asked.
    const asked = fake.calls();
    expectRefusal(await readWith(t.app, { token: garbage[0], from: ATTACKER }), 401, 'invalid_token');
    expect(fake.calls()).toBe(asked);

    // A real owner elsewhere: token-info still answers, and the owner saves.
    expect((await saveWith(t.app, { token: owner, from: OWNER }, model, 0)).statusCode).toBe(200);

    // After the window, the address may be checked again.
    clock += FAILED_CHECKS.windowMs;
    fake.switches.rateLimit = null;
    expectRefusal(await readWith(t.app, { token: 'fake.made-up-later', from: ATTACKER }), 401, 'invalid_token');
  });

  test('a limited address keeps the tokens already verified, and no made-up token reaches the log', async () => {
    const owner = fake.issue({ expiresInSeconds: 600 });
    expect((await readWith(t.app, { token: owner, from: ATTACKER })).statusCode).toBe(200);
    for (let i = 0; i < FAILED_CHECKS.max + 3; i += 1) await readWith(t.app, { token: `fake.secret-made-up-${i}`, from: ATTACKER });
    expectRefusal(await readWith(t.app, { token: 'fake.one-more', from: ATTACKER }), 429, 'rate_limited');
    expect((await readWith(t.app, { token: owner, from: ATTACKER })).statusCode).toBe(200);
    expect(t.logs()).not.toContain('secret-made-up');
  });
});

test('no token reaches the log', async () => {
  const token = fake.issue({ expiresInSeconds: 600 });
  fake.switches.status = 500;
  await readWith(t.app, { token });
  fake.switches.status = null;
  await saveWith(t.app, { token }, model, 0);
  await readWith(t.app, { token: 'fake.forged-secret-token' });
  expect(t.logs()).not.toContain(token.slice(5));
  expect(t.logs()).not.toContain('forged-secret-token');
});
