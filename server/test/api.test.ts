/**
 * The api's rules through request injection: who may read and write, revisions, limits, and the
 * shape of every error ({error, message} as JSON), with nothing stored by a refused request.
 */
import type { Database } from '../src/db/database';
import { ownerInstance, ownerPayload, sign, encodePayload, visitorInstance, TEST_SECRET } from './support/instances';
import { apiUrl, FORM, readUser, save, type Who } from './support/requests';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(30_000);

let db: Database;
let t: TestApp;
const panel = (instance = ownerInstance()): Who => ({ instance, compId: 'tpaSettings', origCompId: 'comp-1' });
const widget = (instance = ownerInstance()): Who => ({ instance, compId: 'comp-1' });
const model = { activeFileId: 'file-1', activeFilePerm: 'reader', activeFileTitle: 'Plan', activeFileMimeType: 'application/pdf', locale: 'DE' };

async function storedRevision(): Promise<number> {
  const rows = await db.query<{ revision: number }>('SELECT revision FROM widget_settings');
  return rows[0]?.revision ?? 0;
}

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await resetDatabase(db);
  t = await startTestApp({ db, config: { writeRateLimit: { max: 1000, windowMs: 60_000 } } });
});
afterEach(async () => {
  await t.app.close();
});

function expectJsonError(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, error: string) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as { error: string; message: string; [extra: string]: unknown };
  expect(body.error).toBe(error);
  expect(body.message.length).toBeGreaterThan(5);
  return body;
}

describe('the user model', () => {
  test('a good instance reads the defaults at revision 0 before anything was saved', async () => {
    const response = await readUser(t.app, panel());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ activeFileId: null, breadcrumb: [{ id: 'root', title: 'My Drive' }], locale: 'en', revision: 0 });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('the panel saves (by origCompId), the widget reads it (by compId), with the new revision', async () => {
    const saved = await save(t.app, panel(), model, 0);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ revision: 1 });
    const read = await readUser(t.app, widget());
    expect(read.json()).toMatchObject({ ...model, locale: 'de', revision: 1 });
    expect((await save(t.app, panel(), { ...model, cornerRadiusTopLeft: 8 }, 1)).json()).toEqual({ revision: 2 });
  });

  test("a visitor's widget reads only what the widget shows, and no private file", async () => {
    await save(
      t.app,
      panel(),
      {
        ...model,
        breadcrumb: [
          { id: 'root', title: 'My Drive' },
          { id: 'f-9', title: 'Private folder' },
        ],
      },
      0,
    );
    const shared = (await readUser(t.app, widget(visitorInstance()))).json();
    expect(shared).toMatchObject({ activeFileId: 'file-1', revision: 1 });
    expect(shared).not.toHaveProperty('breadcrumb');
    await save(t.app, panel(), { ...model, activeFilePerm: 'none' }, 1);
    const hidden = (await readUser(t.app, widget(visitorInstance()))).json();
    expect(hidden).toMatchObject({ activeFileId: null, activeFileTitle: null, activeFileMimeType: null, activeFilePerm: 'none', revision: 2 });
  });
});

describe('the signed instance', () => {
  test('a missing instance is refused with 401', async () => {
    expectJsonError(await readUser(t.app, { compId: 'comp-1' }), 401, 'missing_instance');
    expectJsonError(await save(t.app, { compId: 'tpaSettings', origCompId: 'comp-1' }, model, 0), 401, 'missing_instance');
    expect(await storedRevision()).toBe(0);
  });

  test('a wrong signature is refused with 401 and nothing is stored', async () => {
    const forged = sign(ownerPayload(), 'not-the-app-secret');
    expectJsonError(await readUser(t.app, widget(forged)), 401, 'invalid_instance');
    expectJsonError(await save(t.app, panel(forged), model, 0), 401, 'invalid_instance');
    expect(await storedRevision()).toBe(0);
  });

  test("a visitor's payload given the owner's signature (a changed payload) is refused", async () => {
    const [signature] = visitorInstance().split('.');
    const changed = `${signature}.${encodePayload(ownerPayload())}`;
    expectJsonError(await save(t.app, panel(changed), model, 0), 401, 'invalid_instance');
    const [, payload] = ownerInstance().split('.');
    expectJsonError(await save(t.app, panel(`${signature}.${payload}x`), model, 0), 401, 'invalid_instance');
    expect(await storedRevision()).toBe(0);
  });

  test('garbage instances are refused with 401', async () => {
    for (const instance of ['abc', '.', 'a.b.c', '!!!.???', `${'A'.repeat(43)}.`, 'x'.repeat(5000)]) {
      expectJsonError(await readUser(t.app, widget(instance)), 401, 'invalid_instance');
    }
    const noId = sign({ ...ownerPayload(), instanceId: '' });
    expectJsonError(await readUser(t.app, widget(noId)), 401, 'invalid_instance');
  });

  test('an expired instance is refused with 401; a fresh one passes', async () => {
    const old = ownerInstance({ signDate: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    expectJsonError(await readUser(t.app, widget(old)), 401, 'expired_instance');
    const future = ownerInstance({ signDate: new Date(Date.now() + 3_600_000).toISOString() });
    expectJsonError(await readUser(t.app, widget(future)), 401, 'invalid_instance');
    expect((await readUser(t.app, widget())).statusCode).toBe(200);
  });

  test("a visitor's instance on a writing route is refused with 403 and nothing changes", async () => {
    await save(t.app, panel(), model, 0);
    const visitor = visitorInstance();
    expectJsonError(await save(t.app, panel(visitor), { ...model, activeFileId: 'evil' }, 1), 403, 'forbidden');
    const del = await t.app.inject({ method: 'DELETE', url: apiUrl('/api/settings', widget(visitor)), headers: { 'content-type': FORM } });
    expectJsonError(del, 403, 'forbidden');
    for (const [method, path] of [
      ['GET', '/api/files'],
      ['POST', '/api/disconnect'],
      ['POST', '/api/connect-ticket'],
      ['POST', '/api/connect-complete'],
      ['GET', '/api/about'],
    ] as const) {
      expectJsonError(await t.app.inject({ method, url: apiUrl(path, panel(visitor)) }), 403, 'forbidden');
    }
    expect((await readUser(t.app, widget())).json()).toMatchObject({ activeFileId: 'file-1', revision: 1 });
  });

  test('a request that names no widget is refused with 400', async () => {
    expectJsonError(await readUser(t.app, { instance: ownerInstance(), compId: 'tpaSettings' }), 400, 'missing_component');
    expectJsonError(await save(t.app, { instance: ownerInstance() }, model, 0), 400, 'missing_component');
  });
});

describe('saving', () => {
  test('a save on an old revision answers 409 with the current revision and overwrites nothing', async () => {
    await save(t.app, panel(), model, 0);
    await save(t.app, panel(), { ...model, activeFileId: 'file-2' }, 1);
    const stale = await save(t.app, panel(), { ...model, activeFileId: 'file-old' }, 1);
    const body = expectJsonError(stale, 409, 'stale_revision');
    expect(body.revision).toBe(2);
    expect((await readUser(t.app, widget())).json()).toMatchObject({ activeFileId: 'file-2', revision: 2 });
  });

  test('a save too large is refused with 413 and nothing is stored', async () => {
    const big = { ...model, activeFileTitle: 'x'.repeat(40 * 1024) };
    expectJsonError(await save(t.app, panel(), big, 0), 413, 'payload_too_large');
    expect(await storedRevision()).toBe(0);
  });

  test('malformed JSON in the user field is refused with 400 and nothing is stored', async () => {
    const body = expectJsonError(await save(t.app, panel(), '{"activeFileId": "a",', 0), 400, 'malformed_json');
    expect(body.message).toBe('body/user is not valid JSON.');
    expect(await storedRevision()).toBe(0);
  });

  test('a model that breaks the schema is refused with 400, naming the field', async () => {
    const body = expectJsonError(await save(t.app, panel(), { ...model, cornerRadiusTopLeft: -3 }, 0), 400, 'invalid_user');
    expect(body.message).toMatch(/cornerRadiusTopLeft/);
    expectJsonError(await save(t.app, panel(), [1, 2], 0), 400, 'invalid_user');
    expect(await storedRevision()).toBe(0);
  });

  test('a missing or malformed revision is refused with 400', async () => {
    for (const revision of ['', '-1', '1.5', 'one', '99999999999']) {
      expectJsonError(await save(t.app, panel(), model, revision), 400, 'invalid_revision');
    }
    const noRevision = await t.app.inject({
      method: 'POST',
      url: apiUrl('/api/save', panel()),
      payload: new URLSearchParams({ user: JSON.stringify(model) }).toString(),
      headers: { 'content-type': FORM },
    });
    expectJsonError(noRevision, 400, 'invalid_revision');
    expect(await storedRevision()).toBe(0);
  });

  test('a body that is not form-encoded is refused with 415; a JSON body that is not JSON with 400', async () => {
    const json = await t.app.inject({ method: 'POST', url: apiUrl('/api/save', panel()), payload: '{"user":1}', headers: { 'content-type': 'text/plain' } });
    expectJsonError(json, 415, 'unsupported_media_type');
    const broken = await t.app.inject({
      method: 'POST',
      url: apiUrl('/api/permissions', panel()),
      payload: '{"fileId":',
      headers: { 'content-type': 'application/json' },
    });
    expectJsonError(broken, 400, 'malformed_json');
    expect(await storedRevision()).toBe(0);
  });

  test('delete removes the settings: the widget reads the defaults, and a save on the old revision is stale', async () => {
    await save(t.app, panel(), model, 0);
    const del = await t.app.inject({ method: 'DELETE', url: apiUrl('/api/settings', widget()), headers: { 'content-type': FORM } });
    expect(del.statusCode).toBe(204);
    expect((await readUser(t.app, widget())).json()).toMatchObject({ activeFileId: null, revision: 2 });
    expectJsonError(await save(t.app, panel(), model, 1), 409, 'stale_revision');
  });
});

describe('limits and routes', () => {
  test('writing routes are rate limited per site: another site is not affected', async () => {
    await t.app.close();
    t = await startTestApp({ db, config: { writeRateLimit: { max: 3, windowMs: 60_000 } } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await save(t.app, panel(), model, i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await save(t.app, panel(), model, 3);
    expectJsonError(limited, 429, 'rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await save(t.app, panel(ownerInstance({ instanceId: 'site-2' })), model, 0)).statusCode).toBe(200);
    // Reading is not limited.
    expect((await readUser(t.app, widget())).statusCode).toBe(200);
  });

  test('without a configured provider, drive routes answer 501 with a JSON error for the owner', async () => {
    const routes = [
      ['GET', '/api/files'],
      ['GET', '/api/permissions'],
      ['POST', '/api/permissions'],
      ['DELETE', '/api/permissions'],
      ['GET', '/api/about'],
      ['POST', '/api/connect-ticket'],
      ['POST', '/api/connect-complete'],
      ['POST', '/api/disconnect'],
    ] as const;
    for (const [method, path] of routes) {
      expectJsonError(await t.app.inject({ method, url: apiUrl(path, panel()) }), 501, 'drive_not_configured');
    }
  });

  test('another method on an api path answers 405 with Allow; an unknown path 404, both JSON', async () => {
    const put = await t.app.inject({ method: 'PUT', url: apiUrl('/api/save', panel()) });
    expectJsonError(put, 405, 'method_not_allowed');
    expect(put.headers.allow).toBe('POST');
    expectJsonError(await t.app.inject({ method: 'GET', url: '/api/nothing' }), 404, 'not_found');
  });

  test('health answers with the database engine', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  test('every answer carries a request id (the given one when sane) and the security headers', async () => {
    const given = await t.app.inject({ method: 'GET', url: apiUrl('/api/user', widget()), headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers['x-request-id']).toBe('trace-42');
    const made = await t.app.inject({ method: 'GET', url: apiUrl('/api/user', widget()), headers: { 'x-request-id': 'bad id <script>' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.headers['x-content-type-options']).toBe('nosniff');
    expect(made.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(made.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test('the log has request ids, and no instance, secret or saved content', async () => {
    const instance = ownerInstance();
    await save(t.app, panel(instance), { ...model, activeFileTitle: 'Secret plans' }, 0, { 'x-request-id': 'log-check-1', cookie: 'session=abc123' });
    await readUser(t.app, widget(sign(ownerPayload(), 'forged-secret')));
    const logs = t.logs();
    expect(logs).toContain('"reqId":"log-check-1"');
    expect(logs).toContain('instance=%5Bredacted%5D');
    for (const secret of [instance, instance.split('.')[0]!, TEST_SECRET, 'Secret plans', 'abc123']) expect(logs).not.toContain(secret);
  });
});
