import { randomBytes } from 'node:crypto';
import { connectWidget, pressConsent, startDriveHarness, type DriveHarness } from '../support/driveHarness';
import { parseTokenKey, TokenCipher } from '../../src/crypto/tokenCipher';
import { ConnectFlow, ConsentDeniedError } from '../../src/oauth/connectFlow';
import { DriveGrants, NotConnectedError } from '../../src/oauth/grants';
import { GrantRevokedError } from '../../src/oauth/provider';
import { OAuthStateError } from '../../src/oauth/state';
import { memoryPendingGrantStore, PendingGrants } from '../../src/oauth/pendingGrants';
import { DriveAuthError } from '../../src/drive/errors';

const widget = { instanceId: 'inst-1', compId: 'comp-1' };
let h: DriveHarness;

beforeEach(async () => {
  h = await startDriveHarness();
});
afterEach(() => h.stop());

async function stateProblem(run: Promise<unknown>): Promise<string> {
  const error = await run.catch((e: unknown) => e);
  if (error instanceof OAuthStateError) return error.problem;
  throw new Error(`expected a refused state, got ${String(error)}`);
}

describe('connecting', () => {
  it('asks for the code flow with PKCE S256, offline access and the drive scope', async () => {
    const { url } = await h.flow.begin(widget);
    const query = new URL(url).searchParams;
    expect(url.startsWith(h.fake.endpoints.authorizeUrl)).toBe(true);
    expect(Object.fromEntries(query)).toMatchObject({
      response_type: 'code',
      client_id: h.fake.clientId,
      code_challenge_method: 'S256',
      access_type: 'offline',
      scope: 'https://www.googleapis.com/auth/drive',
    });
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores the grant as ciphertext only, under the instance and component of the state', async () => {
    const connected = await connectWidget(h, widget);
    expect(connected).toEqual(widget);
    const row = h.store.rows.get('inst-1\u0000comp-1');
    expect(row).toMatchObject({ instanceId: 'inst-1', compId: 'comp-1', keyId: 'k1' });
    const rowText = JSON.stringify(row);
    expect(h.fake.grants.issued.length).toBeGreaterThanOrEqual(2);
    for (const token of h.fake.grants.issued) {
      expect(rowText).not.toContain(token);
      expect(rowText).not.toContain(Buffer.from(token).toString('base64'));
    }
    expect(await h.service.about(widget)).toEqual({
      user: { displayName: 'Ada Lovelace', emailAddress: 'ada@example.com', picture: { url: expect.stringMatching(/^data:image\/svg/) } },
    });
  });

  it("the callback holds the grant, sealed, under a completion code; only a bind for the same widget makes it the widget's, once", async () => {
    const { url, nonce } = await h.flow.begin(widget);
    const callback = await pressConsent(url, 'allow');
    const granted = await h.flow.complete({ code: callback.searchParams.get('code'), state: callback.searchParams.get('state') }, nonce);
    expect(granted).toEqual({ widget, completion: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(h.store.rows.size).toBe(0);
    const held = JSON.stringify([...h.held.rows.values()]);
    for (const token of h.fake.grants.issued) expect(held).not.toContain(token);
    expect(held).not.toContain(granted.completion);
    expect(await h.flow.bind(granted.completion, { instanceId: 'inst-1', compId: 'comp-2' })).toBe(false);
    expect(await h.flow.bind(granted.completion, widget)).toBe(false);
    expect(h.store.rows.size).toBe(0);

    const again = await connectWidget(h, widget);
    expect(again).toEqual(widget);
    expect(await h.grants.isConnected(widget)).toBe(true);
  });

  it('refuses a forged state', async () => {
    const { url, nonce } = await h.flow.begin(widget);
    const callback = await pressConsent(url, 'allow');
    const state = callback.searchParams.get('state') ?? '';
    const [payload, signature] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const otherSite = Buffer.from(JSON.stringify({ ...claims, i: 'someone-elses-site' })).toString('base64url');
    const code = callback.searchParams.get('code');
    expect(await stateProblem(h.flow.complete({ code, state: `${otherSite}.${signature}` }, nonce))).toBe('forged');
    expect(await stateProblem(h.flow.complete({ code, state: `${payload}.${'A'.repeat(43)}` }, nonce))).toBe('forged');
    expect(h.store.rows.size).toBe(0);
  });

  it('refuses a replayed state, and a state finished in another browser', async () => {
    const first = await h.flow.begin(widget);
    const callback = await pressConsent(first.url, 'allow');
    const query = { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') };
    await h.flow.complete(query, first.nonce);
    expect(await stateProblem(h.flow.complete(query, first.nonce))).toBe('replayed');

    const second = await h.flow.begin({ instanceId: 'inst-2', compId: 'comp-1' });
    const elsewhere = await pressConsent(second.url, 'allow');
    const stolen = { code: elsewhere.searchParams.get('code'), state: elsewhere.searchParams.get('state') };
    expect(await stateProblem(h.flow.complete(stolen, 'the-attackers-own-nonce'))).toBe('forged');
    expect(await h.grants.isConnected({ instanceId: 'inst-2', compId: 'comp-1' })).toBe(false);
  });

  it('refuses an expired state', async () => {
    let now = Date.now();
    const flow = new ConnectFlow({
      appSecret: 'test-app-secret',
      provider: h.provider,
      pending: { add: async () => undefined, take: async (n) => ({ nonce: n, instanceId: 'inst-1', compId: 'comp-1', expiresAt: Number.MAX_SAFE_INTEGER }) },
      held: new PendingGrants({ store: memoryPendingGrantStore(), cipher: h.cipher, now: () => now }),
      grants: h.grants,
      now: () => now,
    });
    const { url, nonce } = await flow.begin(widget);
    const callback = await pressConsent(url, 'allow');
    now += 11 * 60 * 1000;
    expect(await stateProblem(flow.complete({ code: callback.searchParams.get('code'), state: callback.searchParams.get('state') }, nonce))).toBe('expired');
  });

  it('ends in ConsentDeniedError when the owner presses Deny, and stores nothing', async () => {
    const { url, nonce } = await h.flow.begin(widget);
    const callback = await pressConsent(url, 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const error = await h.flow.complete({ error: 'access_denied', state: callback.searchParams.get('state') }, nonce).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsentDeniedError);
    expect(h.store.rows.size).toBe(0);
    expect(h.held.rows.size).toBe(0);
  });
});

describe('the grant over time', () => {
  it('refreshes an expired access token without the owner noticing', async () => {
    await connectWidget(h, widget);
    const before = h.store.rows.get('inst-1\u0000comp-1')?.accessTokenCiphertext;
    h.fake.expireAccessTokens();
    // The stored expiry is still in the future: the drive's 401 makes the server refresh once.
    await expect(h.service.about(widget)).resolves.toMatchObject({ user: { displayName: 'Ada Lovelace' } });
    expect(h.fake.log.filter((c) => c.path === '/token')).toHaveLength(2);
    expect(h.store.rows.get('inst-1\u0000comp-1')?.accessTokenCiphertext).not.toBe(before);
  });

  it('refreshes ahead of the stored expiry', async () => {
    let now = Date.now();
    const grants = new DriveGrants({ store: h.store, cipher: h.cipher, provider: h.provider, now: () => now });
    await connectWidget(h, widget);
    const first = await grants.accessToken(widget);
    expect(await grants.accessToken(widget)).toBe(first);
    now += 3600 * 1000;
    expect(await grants.accessToken(widget)).not.toBe(first);
  });

  it('ends in GrantRevokedError (connect again) when the owner removed access, forgets the tokens and keeps saying so', async () => {
    await connectWidget(h, widget);
    h.fake.revokeAllGrants();
    await expect(h.service.about(widget)).rejects.toBeInstanceOf(GrantRevokedError);
    expect(h.store.rows.get('inst-1\u0000comp-1')).toMatchObject({ refreshTokenCiphertext: null, accessTokenCiphertext: null, endedAt: expect.any(Number) });
    const calls = h.fake.log.length;
    await expect(h.service.about(widget)).rejects.toBeInstanceOf(GrantRevokedError);
    expect(h.fake.log.length).toBe(calls);
    expect(await h.grants.isConnected(widget)).toBe(false);
    // Connecting again replaces the ended grant.
    await connectWidget(h, widget);
    await expect(h.service.about(widget)).resolves.toMatchObject({ user: { displayName: 'Ada Lovelace' } });
    // Disconnecting an ended grant has nothing to revoke, and deletes the row.
    h.fake.revokeAllGrants();
    await expect(h.service.about(widget)).rejects.toBeInstanceOf(GrantRevokedError);
    expect(await h.grants.disconnect(widget)).toBe(true);
    await expect(h.service.about(widget)).rejects.toBeInstanceOf(NotConnectedError);
  });

  it('a grant the drive keeps refusing even with fresh tokens also ends in GrantRevokedError', async () => {
    await connectWidget(h, widget);
    const refusingDrive = { about: async () => Promise.reject(new DriveAuthError()) };
    await expect(h.grants.withAccess(widget, () => refusingDrive.about())).rejects.toBeInstanceOf(GrantRevokedError);
    expect(await h.grants.isConnected(widget)).toBe(false);
  });

  it('disconnecting revokes the grant at the provider and deletes the row', async () => {
    await connectWidget(h, widget);
    expect(h.fake.grants.liveGrants()).toHaveLength(1);
    expect(await h.grants.disconnect(widget)).toBe(true);
    expect(h.fake.grants.liveGrants()).toHaveLength(0);
    expect(h.fake.log.filter((c) => c.path === '/revoke').map((c) => c.status)).toEqual([200]);
    expect(h.store.rows.size).toBe(0);
    expect(await h.grants.disconnect(widget)).toBe(false);
  });

  it('keeps working across a key rotation and reseals under the new key on refresh', async () => {
    const oldKey = parseTokenKey(`k1:${randomBytes(32).toString('base64')}`);
    const before = await startDriveHarness({ cipher: new TokenCipher(oldKey) });
    try {
      await connectWidget(before, widget);
      const row = () => before.store.rows.get('inst-1\u0000comp-1');
      expect(row()?.keyId).toBe('k1');
      const rotatedCipher = new TokenCipher(parseTokenKey(`k2:${randomBytes(32).toString('base64')}`), [oldKey]);
      const rotated = new DriveGrants({ store: before.store, cipher: rotatedCipher, provider: before.provider });
      await expect(rotated.accessToken(widget)).resolves.toMatch(/^fake-access-/);
      expect(row()?.keyId).toBe('k1');
      await rotated.accessToken(widget, true);
      expect(row()?.keyId).toBe('k2');
      await expect(rotated.accessToken(widget)).resolves.toMatch(/^fake-access-/);
      const withoutOldKey = new DriveGrants({ store: before.store, cipher: new TokenCipher(oldKey), provider: before.provider });
      await expect(withoutOldKey.accessToken(widget)).rejects.toBeInstanceOf(GrantRevokedError);
    } finally {
      await before.stop();
    }
  });
});
