/**
 * Settings keyed by the site (instanceId) and the widget key of the current model, beside the
 * legacy instance and compId: a legacy instance and an access token naming different sites are
 * refused, whichever widget key they name, and one site never reads or writes another's settings.
 */
import { startFakeTokenInfo, type FakeTokenInfo } from '../dev/fakeTokenInfo';
import type { Database } from '../src/db/database';
import { ownerInstance, visitorInstance } from './support/instances';
import { readUser } from './support/requests';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';
import { KEY, readWith, saveWith, tokenUrl } from './support/tokens';

jest.setTimeout(120_000);

const APP_ID = 'app-under-test';
const model = { activeFileId: 'file-1', activeFilePerm: 'reader', activeFileTitle: 'Plan', activeFileMimeType: 'application/pdf' };

let db: Database;
let fake: FakeTokenInfo;
let t: TestApp;

beforeAll(async () => {
  // The fake's preset tokens are for site-1, the test instances' site.
  [db, fake] = await Promise.all([openTestDatabase(), startFakeTokenInfo({ appId: APP_ID, instanceId: 'site-1' })]);
});
afterAll(async () => {
  await Promise.all([db.close(), fake.stop()]);
});
beforeEach(async () => {
  await resetDatabase(db);
  const tokens = { appId: APP_ID, tokenInfoUrl: fake.url, timeoutMs: 5_000 };
  t = await startTestApp({ db, config: { tokens, writeRateLimit: { max: 1000, windowMs: 60_000 } } });
});
afterEach(async () => {
  await t.app.close();
});

const siteTwoOwner = () => fake.issue({ subjectType: 'USER', instanceId: 'site-2', expiresInSeconds: 600 });
const stored = () =>
  db.query<{ instance_id: string; comp_id: string; revision: number }>('SELECT instance_id, comp_id, revision FROM widget_settings ORDER BY instance_id');

describe('a legacy instance and a token on the same widget key', () => {
  test('naming different sites: refused (401), whichever is the owner, and nothing stored', async () => {
    for (const instance of [ownerInstance(), visitorInstance()]) {
      const refused = await saveWith(t.app, { instance, token: siteTwoOwner() }, model, 0);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: 'credentials_disagree' });
      expect((await readWith(t.app, { instance, token: siteTwoOwner() })).json()).toMatchObject({ error: 'credentials_disagree' });
    }
    expect(await stored()).toEqual([]);
  });

  test('naming the same site: accepted, and the owner only when both say so', async () => {
    expect((await saveWith(t.app, { instance: ownerInstance(), token: fake.ownerToken }, model, 0)).json()).toEqual({ revision: 1 });
    expect((await saveWith(t.app, { instance: visitorInstance(), token: fake.ownerToken }, model, 1)).statusCode).toBe(403);
    expect((await saveWith(t.app, { instance: ownerInstance(), token: fake.visitorToken }, model, 1)).statusCode).toBe(403);
    expect(await stored()).toEqual([{ instance_id: 'site-1', comp_id: KEY, revision: 1 }]);
  });

  test('a forged instance beside a good token is still refused as forged', async () => {
    const response = await readWith(t.app, { instance: 'AAAA.BBBB', token: fake.ownerToken });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_instance' });
  });
});

describe('one widget key on two sites', () => {
  test("site 2's owner neither reads, overwrites nor deletes site 1's settings under the same key: the key is site 1's", async () => {
    expect((await saveWith(t.app, { instance: ownerInstance() }, model, 0)).json()).toEqual({ revision: 1 });
    const other = siteTwoOwner();
    expect((await readWith(t.app, { token: other })).json()).toMatchObject({ activeFileId: null, revision: 0 });
    for (const revision of [0, 1]) {
      const refused = await saveWith(t.app, { token: other }, { ...model, activeFileId: 'file-2' }, revision);
      expect([refused.statusCode, refused.json<{ error: string }>().error]).toEqual([409, 'widget_key_taken']);
    }
    const removed = await t.app.inject({ method: 'DELETE', url: tokenUrl('/api/settings', {}), headers: { authorization: other } });
    expect([removed.statusCode, removed.json<{ error: string }>().error]).toEqual([409, 'widget_key_taken']);
    expect((await readWith(t.app, { token: fake.ownerToken })).json()).toMatchObject({ activeFileId: 'file-1', revision: 1 });
    expect(await stored()).toEqual([{ instance_id: 'site-1', comp_id: KEY, revision: 1 }]);
  });
});

describe('the widget key', () => {
  test("the client's empty legacy values beside a token and a key mean null (spec §2)", async () => {
    const url = `/api/user?instance=&compId=&origCompId=&widgetKey=${KEY}`;
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: fake.ownerToken } });
    expect(response.json()).toMatchObject({ revision: 0, breadcrumb: expect.any(Array) });
  });

  test('a token request naming no widget is 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: fake.ownerToken } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'missing_component' });
  });

  test.each([
    ['a compId', 'comp-1'],
    ['an upper-case UUID', KEY.toUpperCase()],
    ['a UUID and more', `${KEY}0`],
    ['300 characters', 'x'.repeat(300)],
  ])('%s is no widget key (400 naming the field)', async (_, widgetKey) => {
    const response = await readWith(t.app, { token: fake.ownerToken, widgetKey });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', message: expect.stringMatching(/^querystring\/widgetKey /) });
  });

  test('the legacy path is unchanged: instance and compId, no key, no token', async () => {
    const legacy = { instance: ownerInstance(), compId: 'comp-1' };
    const before = fake.calls();
    expect((await readUser(t.app, legacy)).json()).toMatchObject({ revision: 0 });
    expect((await t.app.inject({ method: 'GET', url: tokenUrl('/api/user', {}) })).json()).toMatchObject({ error: 'missing_instance' });
    expect(fake.calls()).toBe(before);
  });
});

describe("the element's delete, from the site's page (another origin)", () => {
  test('the browser may ask first: DELETE with the Authorization header, from any origin, no cookie', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/settings',
      headers: { origin: 'https://owner.example.site', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'DELETE',
      'access-control-allow-headers': 'Authorization',
    });
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  test('its answer, a refusal included, is readable there; the other routes stay closed to other origins', async () => {
    await saveWith(t.app, { token: fake.ownerToken }, model, 0);
    const remove = (token: string) =>
      t.app.inject({ method: 'DELETE', url: tokenUrl('/api/settings', {}), headers: { origin: 'https://owner.example.site', authorization: token } });
    const refused = await remove(fake.visitorToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const removed = await remove(fake.ownerToken);
    expect(removed.statusCode).toBe(204);
    expect(removed.headers['access-control-allow-origin']).toBe('*');
    const read = await readWith(t.app, { token: fake.ownerToken });
    expect(read.json()).toMatchObject({ activeFileId: null });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});
