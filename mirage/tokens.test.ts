/**
 * The mock backend in the platform's current model: the panel's client sends the access token as
 * `Authorization` and the widget key as `widgetKey`; the mock judges the token with the contract's
 * rule (grantOf) over the fake token-info's answer.
 */
import type { Server } from 'miragejs';
import { createApiClient } from '../src/api/client';
import { ROUTES } from '../src/api/routes';
import { createWidgetKey } from '../src/contract/widgetKey';
import { defaultUserModel } from '../src/contract/userModel';
import { fakeAccessToken, MOCK_APP_ID, ownerToken, type FakeTokenInfo } from './fakeTokenInfo';
import { getRequestLog, makeServer } from './server';
import { memoryStateStore } from './state';
import { OWNER_INSTANCE } from './testHelpers';
import { takeConnectTicket } from './routes/connectTicket';
import { CONNECT_TICKET_LIFETIME_MS } from '../src/contract/connectTicket';

const SITE = 'site-instance-1';
const NO_QUERY = { instance: null, compId: null, origCompId: null };
let server: Server;
beforeEach(() => {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
});
afterEach(() => server.shutdown());

const now = () => Math.floor(Date.now() / 1000);
const info = (fields: Partial<FakeTokenInfo> = {}): FakeTokenInfo => ({
  active: true,
  subjectType: 'USER',
  subjectId: 'owner-1',
  exp: now() + 600,
  iat: now(),
  clientId: MOCK_APP_ID,
  siteId: 'site-1',
  instanceId: SITE,
  ...fields,
});

function clientFor(token: string, widgetKey: string, instance: string | null = null) {
  return createApiClient({ query: { ...NO_QUERY, instance }, access: { params: { widgetKey }, headers: () => Promise.resolve({ Authorization: token }) } });
}

const MODEL = { ...defaultUserModel(), activeFileId: 'file-a', activeFileMimeType: 'application/pdf', activeFilePerm: 'reader' as const };

it("keeps an owner's settings under the token's site and the widget key; another key is another widget", async () => {
  const key = createWidgetKey();
  const owner = clientFor(ownerToken(SITE), key);
  await owner.save(MODEL, { revision: 0 });
  expect((await owner.loadUserModel({ fresh: true })).model.activeFileId).toBe('file-a');
  expect(getRequestLog(server).at(-1)).toMatchObject({ key: `${SITE}:key:${key}`, status: 200, query: { widgetKey: key } });
  expect((await clientFor(ownerToken(SITE), createWidgetKey()).loadUserModel({ fresh: true })).revision).toBe(0);
});

it("a visitor's token reads what a visitor may see, and may not save", async () => {
  const key = createWidgetKey();
  await clientFor(ownerToken(SITE), key).save(MODEL, { revision: 0 });
  const visitor = clientFor(fakeAccessToken(info({ subjectType: 'VISITOR' })), key);
  expect((await visitor.loadUserModel()).model.activeFileId).toBe('file-a');
  await expect(visitor.save(MODEL, { revision: 1 })).rejects.toMatchObject({ status: 403 });
});

it.each([
  ['forged', 'not-a-token-the-platform-issued', 'invalid_token'],
  ['expired', fakeAccessToken(info({ exp: now() - 1 })), 'expired_token'],
  ['inactive', fakeAccessToken(info({ active: false })), 'inactive_token'],
  ['issued to another app', fakeAccessToken(info({ clientId: 'another-app' })), 'wrong_app'],
  ['without a site', fakeAccessToken(info({ instanceId: '' })), 'no_instance'],
])('a token %s is refused with 401', async (_what, token, error) => {
  await expect(clientFor(token, createWidgetKey()).loadUserModel()).rejects.toMatchObject({ status: 401, serverCode: error });
});

it('a legacy instance of another site beside the token is refused', async () => {
  await expect(clientFor(ownerToken(SITE), createWidgetKey(), OWNER_INSTANCE).loadUserModel()).rejects.toMatchObject({
    status: 403,
    serverCode: 'site_mismatch',
  });
});

it("a connect ticket only for the owner's token; the sign-in page takes it once, within its minute", async () => {
  const store = memoryStateStore();
  server.shutdown();
  server = makeServer({ environment: 'test', stateStore: store, connected: false });
  const key = createWidgetKey();
  await expect(clientFor(fakeAccessToken(info({ subjectType: 'VISITOR' })), key).connectTicket()).rejects.toMatchObject({ status: 403 });
  const ticket = await clientFor(ownerToken(SITE), key).connectTicket();
  const late = await clientFor(ownerToken(SITE), key).connectTicket();
  expect(takeConnectTicket(store, 'A'.repeat(43))).toBeNull();
  expect(takeConnectTicket(store, ticket)).toMatchObject({ key: `${SITE}:key:${key}`, instanceId: SITE });
  expect(takeConnectTicket(store, ticket)).toBeNull();
  expect(takeConnectTicket(store, late, Date.now() + CONNECT_TICKET_LIFETIME_MS + 1)).toBeNull();
});

describe('a widget key belongs to the site that first saved it, as on the server', () => {
  const ATTACKER = 'site-instance-attacker';
  const remove = async (token: string, key: string) => {
    const answer = await fetch(`${ROUTES.delete}?${new URLSearchParams({ widgetKey: key }).toString()}`, {
      method: 'DELETE',
      headers: { Authorization: token },
    });
    return { status: answer.status, body: answer.status === 204 ? null : ((await answer.json()) as unknown) };
  };
  const element = (key: string) => fetch(`/content/current?${new URLSearchParams({ widgetKey: key, fileId: 'file-a', version: '1' }).toString()}`);

  it("another site's save or delete under the key is refused with 409 widget_key_taken; the owner's settings stay", async () => {
    const key = createWidgetKey();
    const owner = clientFor(ownerToken(SITE), key);
    await owner.save(MODEL, { revision: 0 });
    const attacker = clientFor(ownerToken(ATTACKER), key);
    for (const revision of [0, 1]) {
      await expect(attacker.save({ ...MODEL, activeFileId: null }, { revision })).rejects.toMatchObject({ status: 409, serverCode: 'widget_key_taken' });
    }
    expect(await remove(ownerToken(ATTACKER), key)).toEqual({
      status: 409,
      body: { error: 'widget_key_taken', message: expect.stringContaining('another site') },
    });
    expect((await owner.loadUserModel({ fresh: true })).model.activeFileId).toBe('file-a');
    expect((await element(key)).status).toBe(200);
    // Deleted settings still hold the key.
    expect((await remove(ownerToken(SITE), key)).status).toBe(204);
    await expect(attacker.save(MODEL, { revision: 0 })).rejects.toMatchObject({ status: 409, serverCode: 'widget_key_taken' });
  });

  it('the element is answered from the holding site only', async () => {
    const key = createWidgetKey();
    await clientFor(ownerToken(SITE), key).save({ ...MODEL, activeFileId: 'file-a' }, { revision: 0 });
    expect((await element(key)).status).toBe(200);
    expect((await element(createWidgetKey())).status).toBe(404);
  });
});
