/**
 * The drive routes through request injection, against the fake provider: connecting through the
 * consent page, listing page by page, sharing, rate limits, a revoked grant, disconnecting, and
 * forged or replayed states. Tokens stay out of every answer and every log line.
 */
import { DRIVE_IDS } from '../../mirage/drive';
import { FileListSchema, PermissionListSchema, checkShape } from '#client/api/schemas';
import { folderQuery } from '#client/drive/query';
import { pressConsent } from './support/driveHarness';
import { browserJar } from './support/browserJar';
import { askTicket, complete, completionOf, runPopup } from './support/connectPopup';
import type { Database } from '../src/db/database';
import { ownerInstance } from './support/instances';
import { apiUrl, type Who } from './support/requests';
import { startDriveApp, type DriveApp } from './support/driveApp';
import { openTestDatabase } from './support/testApp';

jest.setTimeout(30_000);

let db: Database;
let t: DriveApp;
const panel = (instance = ownerInstance()): Who => ({ instance, compId: 'tpaSettings', origCompId: 'comp-1' });

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.query('TRUNCATE drive_tokens, oauth_pending, oauth_pending_grants');
  t = await startDriveApp(db);
});
afterEach(async () => {
  await t.close();
});

const get = (path: string, extra: Record<string, string> = {}, who = panel()) => t.inject({ method: 'GET', url: apiUrl(path, who, extra) });
const cookieOf = (setCookie: string | string[] | undefined, name: string) => ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith(`${name}=`));

/** Ticket → authenticate → consent page (Allow) → callback → the panel's completion; returns what each answered. */
async function connect(who = panel()) {
  const jar = browserJar();
  const ticket = await askTicket(t, { who });
  const popup = await runPopup(t, `/api/authenticate?ticket=${ticket}`, jar, 'allow');
  const finished = await complete(t, { who }, popup.completion);
  expect(finished.statusCode).toBe(204);
  return { ...popup, finished, jar };
}

/** The callback's URL and the popup's cookie for a flow started with a ticket, without going back to the callback. */
async function startFlow(who = panel(), decision: 'allow' | 'deny' = 'allow') {
  const ticket = await askTicket(t, { who });
  const start = await t.inject({ method: 'GET', url: `/api/authenticate?ticket=${ticket}` });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookieOf(start.headers['set-cookie'], 'dfw_oauth');
  expect(flowCookie).toMatch(/HttpOnly/);
  expect(flowCookie).toMatch(/Path=\/api\/oauth\/callback/);
  const callback = await pressConsent(String(start.headers.location), decision);
  return { consentUrl: String(start.headers.location), callback, url: callback.pathname + callback.search, cookie: flowCookie!.split(';')[0]! };
}

async function tokenRows() {
  return db.query<Record<string, unknown>>('SELECT * FROM drive_tokens');
}

describe('connecting', () => {
  test('authenticate sends the popup to the consent page; the callback hands the grant to the panel, which binds it and gets the connected cookie', async () => {
    const { consentUrl, url, cookie } = await startFlow();
    const consent = new URL(consentUrl);
    expect(consent.origin + consent.pathname).toBe(t.fake.endpoints.authorizeUrl);
    expect(consent.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/drive');
    expect(consent.searchParams.get('redirect_uri')).toBe('http://localhost/api/oauth/callback');
    const answer = await t.inject({ method: 'GET', url, headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Connecting your drive');
    expect(answer.body).toContain('window.opener.postMessage');
    expect(answer.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    // The callback sets no connected cookie: nothing is connected until the panel finishes.
    expect(cookieOf(answer.headers['set-cookie'], 'connected')).toBeUndefined();
    expect((await get('/api/about')).json()).toMatchObject({ error: 'not_connected' });
    const finished = await complete(t, { who: panel() }, completionOf(answer.body));
    expect(finished.statusCode).toBe(204);
    expect(cookieOf(finished.headers['set-cookie'], 'connected')).toMatch(/^connected=true; Path=\//);
    expect((await get('/api/about')).json()).toEqual({
      user: { displayName: 'Ada Lovelace', emailAddress: 'ada@example.com', picture: { url: expect.stringMatching(/^data:image\/svg/) } },
      access: 'browse',
    });
  });

  test('the tokens table holds ciphertext only, under the widget of the state', async () => {
    await connect();
    const rows = await tokenRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ instance_id: 'site-1', comp_id: 'comp-1', key_id: 'k1', ended_at: null });
    const stored = JSON.stringify(rows);
    expect(t.fake.grants.issued.length).toBeGreaterThanOrEqual(2);
    for (const token of t.fake.grants.issued) expect(stored).not.toContain(token);
    expect(String(rows[0]!.refresh_token_ciphertext)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await db.query('SELECT 1 FROM oauth_pending_grants')).toEqual([]);
  });

  test('a replayed state, a forged one, and one finished without the browser cookie are refused, and nothing is held', async () => {
    const { url, cookie } = await startFlow();
    expect((await t.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
    await db.query('TRUNCATE oauth_pending_grants');
    const replay = await t.inject({ method: 'GET', url, headers: { cookie } });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('This sign-in cannot be used');
    expect(completionOf(replay.body)).toBeNull();

    const { callback, cookie: flow } = await startFlow();
    const state = callback.searchParams.get('state')!;
    const [payload, signature] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forgedState = `${Buffer.from(JSON.stringify({ ...claims, i: 'another-site' })).toString('base64url')}.${signature}`;
    const forged = await t.inject({
      method: 'GET',
      url: `/api/oauth/callback?code=${callback.searchParams.get('code')}&state=${forgedState}`,
      headers: { cookie: flow },
    });
    expect(forged.statusCode).toBe(400);
    const noCookie = await t.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(noCookie.statusCode).toBe(400);
    expect(await tokenRows()).toHaveLength(0);
    expect(await db.query('SELECT 1 FROM oauth_pending_grants')).toEqual([]);
    expect(t.logs()).toMatch(/drive authorization refused/);
  });

  test('Deny on the consent page holds nothing and closes the popup', async () => {
    const { url, cookie } = await startFlow(panel(), 'deny');
    const answer = await t.inject({ method: 'GET', url, headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('You did not allow access');
    expect(answer.body).toContain('data-autoclose="true"');
    expect(completionOf(answer.body)).toBeNull();
    expect(cookieOf(answer.headers['set-cookie'], 'connected')).toBeUndefined();
    expect(await tokenRows()).toHaveLength(0);
    expect(await db.query('SELECT 1 FROM oauth_pending_grants')).toEqual([]);
    expect((await get('/api/about')).json()).toMatchObject({ error: 'not_connected' });
  });
});

describe('the drive through the server', () => {
  test('lists a folder page by page, at most 50 at a time, short and empty pages as the drive answers them, in exactly the panel shapes', async () => {
    await connect();
    const q = folderQuery(DRIVE_IDS.reports);
    const sizes: number[] = [];
    let pageToken = '';
    const titles: string[] = [];
    do {
      const answer = await get('/api/files', { q, maxResults: '50', ...(pageToken ? { pageToken } : {}) });
      expect(answer.statusCode).toBe(200);
      const body = answer.json() as { items: Record<string, unknown>[]; nextPageToken?: string };
      expect(checkShape(FileListSchema, body).ok).toBe(true);
      for (const item of body.items)
        for (const key of Object.keys(item))
          expect(['id', 'title', 'mimeType', 'modifiedDate', 'owners', 'fileSize', 'iconLink', 'resourceKey', 'driveId']).toContain(key);
      sizes.push(body.items.length);
      titles.push(...body.items.map((f) => String(f.title)));
      pageToken = body.nextPageToken ?? '';
    } while (pageToken);
    // The fake drive answers as the drive may: a short first page, then an empty one that has a next page.
    expect(sizes.slice(0, 3)).toEqual([30, 0, 50]);
    expect(titles.filter((title) => title.startsWith('Weekly report'))).toHaveLength(120);
  });

  test('a query or body the panel never sends is a 400 naming the field, and the drive is not called', async () => {
    await connect();
    const calls = t.fake.log.length;
    for (const q of ['trashed = true', "'root' in parents", `${folderQuery('root')} or trashed = true`]) {
      expect((await get('/api/files', { q })).json()).toEqual({ error: 'invalid_request', message: 'querystring/q must be the folder listing query.' });
    }
    const insert = (body: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: apiUrl('/api/permissions', panel()), headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const fileId = DRIVE_IDS.annualPdf;
    const owner = await insert({ fileId, role: 'owner', type: 'anyone' });
    expect(owner.statusCode).toBe(400);
    expect(owner.json()).toEqual({ error: 'invalid_request', message: 'body/role must be one of reader, writer.' });
    expect((await insert({ fileId, role: 'reader', type: 'user' })).json()).toMatchObject({ message: 'body/type must be anyone.' });
    expect((await insert({ fileId: '../x', role: 'reader', type: 'anyone' })).json()).toMatchObject({
      error: 'invalid_file_id',
      message: expect.stringMatching(/^body\/fileId /),
    });
    const remove = await t.inject({ method: 'DELETE', url: apiUrl('/api/permissions', panel(), { fileId, permissionId: 'owner' }) });
    expect(remove.json()).toEqual({ error: 'invalid_request', message: 'querystring/permissionId must be anyone.' });
    expect((await get('/api/permissions')).json()).toEqual({ error: 'invalid_file_id', message: 'querystring/fileId is missing.' });
    expect(t.fake.log.length).toBe(calls);
  });

  test('shares a file as reader, then writer, then back to private', async () => {
    await connect();
    const fileId = DRIVE_IDS.annualPdf;
    const publicRole = async () => {
      const body = (await get('/api/permissions', { fileId, fields: 'items(role, type)' })).json();
      expect(checkShape(PermissionListSchema, body).ok).toBe(true);
      return (body as { items: { role: string; type: string }[] }).items.find((p) => p.type === 'anyone')?.role ?? 'none';
    };
    const insert = (role: string) =>
      t.inject({
        method: 'POST',
        url: apiUrl('/api/permissions', panel()),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ fileId, role, type: 'anyone' }),
      });
    expect(await publicRole()).toBe('none');
    expect((await insert('reader')).json()).toEqual({ id: 'anyoneWithLink', role: 'reader', type: 'anyone' });
    expect(await publicRole()).toBe('reader');
    expect((await insert('writer')).statusCode).toBe(200);
    expect(await publicRole()).toBe('writer');
    const remove = await t.inject({ method: 'DELETE', url: apiUrl('/api/permissions', panel(), { fileId, permissionId: 'anyone' }) });
    expect(remove.statusCode).toBe(204);
    expect(await publicRole()).toBe('none');
  });

  test('a rate-limited answer is retried and then succeeds', async () => {
    await connect();
    t.fake.rateLimitNext(1, { status: 429 });
    t.fake.rateLimitNext(2, { status: 403, retryAfterSeconds: 0 });
    const answer = await get('/api/files', { q: folderQuery('root') });
    expect(answer.statusCode).toBe(200);
    expect(t.fake.log.filter((c) => c.path === '/drive/v2/files').map((c) => c.status)).toEqual([403, 403, 200]);
    expect(t.logs()).toMatch(/drive call retried/);
  });

  test('a drive that stays rate-limited ends in 503 with Retry-After', async () => {
    await connect();
    t.fake.rateLimitNext(50, { status: 429 });
    const answer = await get('/api/about');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ error: 'drive_unavailable' });
  });

  test('a revoked grant answers 401 reconnect_required (connect again), and keeps doing so', async () => {
    await connect();
    t.fake.revokeAllGrants();
    expect((await get('/api/files', { q: folderQuery('root') })).json()).toMatchObject({ error: 'reconnect_required' });
    const about = await get('/api/about');
    expect(about.statusCode).toBe(401);
    expect(about.json()).toMatchObject({ error: 'reconnect_required' });
    const rows = await tokenRows();
    expect(rows[0]).toMatchObject({ refresh_token_ciphertext: null, access_token_ciphertext: null, ended_at: expect.anything() });
    await connect();
    expect((await get('/api/about')).statusCode).toBe(200);
  });

  test('disconnect revokes the grant at the provider and deletes the row', async () => {
    await connect();
    expect(t.fake.grants.liveGrants()).toHaveLength(1);
    const answer = await t.inject({ method: 'POST', url: apiUrl('/api/disconnect', panel()) });
    expect(answer.statusCode).toBe(204);
    expect(t.fake.grants.liveGrants()).toHaveLength(0);
    expect(await tokenRows()).toHaveLength(0);
    expect((await get('/api/about')).json()).toMatchObject({ error: 'not_connected' });
  });

  test("deleting the widget's settings (the component was deleted) revokes its grant and deletes its tokens", async () => {
    await connect();
    const answer = await t.inject({
      method: 'DELETE',
      url: apiUrl('/api/settings', panel()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(204);
    expect(t.fake.grants.liveGrants()).toHaveLength(0);
    expect(await tokenRows()).toHaveLength(0);
    expect(t.logs()).toMatch(/drive grant of a deleted widget revoked/);
  });
});

test('no token or code appears in any answer or log line, and no state in a log line', async () => {
  const { callbackUrl, completion } = await connect();
  await get('/api/files', { q: folderQuery('root') });
  t.fake.expireAccessTokens();
  await get('/api/about');
  t.fake.rateLimitNext(1, { status: 429 });
  await get('/api/permissions', { fileId: DRIVE_IDS.welcomeDoc });
  await t.inject({ method: 'POST', url: apiUrl('/api/disconnect', panel()) });
  const callback = new URL(callbackUrl, 'http://localhost');
  const tokens = [...t.fake.grants.issued, callback.searchParams.get('code')!];
  expect(t.fake.grants.issued.length).toBeGreaterThanOrEqual(3);
  const logs = t.logs();
  expect(logs).toMatch(/drive connected/);
  // The completion code is in the popup's page (its job), but never in a log line.
  expect(logs).not.toContain(completion!);
  expect(logs).toMatch(/"url":"\/api\/oauth\/callback\?code=%5Bredacted%5D/);
  for (const token of tokens) {
    expect(logs).not.toContain(token);
    expect(t.answers()).not.toContain(token);
  }
  // The state travels to the provider in the authenticate redirect (that is its job), but is never logged.
  expect(logs).not.toContain(callback.searchParams.get('state')!);
});
