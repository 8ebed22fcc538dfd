/**
 * The drive grants, pending authorizations and grants held for their panel in SQL, on both engines: the embedded PGlite and a
 * real PostgreSQL (TEST_DATABASE_URL, which .ci/run provides).
 */
import type { Database } from '../src/db/database';
import { createDriveTokenStore, createPendingAuthorizations, createPendingGrantStore } from '../src/db/driveTokenStore';
import type { GrantRow } from '../src/oauth/grants';
import type { PendingGrantRow } from '../src/oauth/pendingGrants';
import { ENGINES, migratedDatabase } from './support/engines';

jest.setTimeout(60_000);

const key = { instanceId: 'site-1', compId: 'comp-1' };
const row: GrantRow = {
  ...key,
  keyId: 'k1',
  refreshTokenCiphertext: 'c2VhbGVkLXJlZnJlc2g',
  accessTokenCiphertext: 'c2VhbGVkLWFjY2Vzcw',
  accessTokenExpiresAt: Date.UTC(2026, 10, 23, 12, 0, 0),
  scope: 'https://www.googleapis.com/auth/drive',
  endedAt: null,
};

describe.each(ENGINES)('drive token storage on $name', (engine) => {
  const database = migratedDatabase(engine, 'TRUNCATE drive_tokens, oauth_pending, oauth_pending_grants');
  let db: Database;
  beforeEach(() => {
    db = database();
  });

  test('a grant is stored, replaced, ended and deleted per widget', async () => {
    const store = createDriveTokenStore(db);
    expect(await store.get(key)).toBeNull();
    await store.put(row);
    expect(await store.get(key)).toEqual(row);
    expect(await store.get({ ...key, compId: 'comp-2' })).toBeNull();
    await store.put({ ...row, keyId: 'k2', accessTokenCiphertext: 'b3RoZXI' });
    expect(await store.get(key)).toMatchObject({ keyId: 'k2', accessTokenCiphertext: 'b3RoZXI' });
    const ended = { ...row, refreshTokenCiphertext: null, accessTokenCiphertext: null, accessTokenExpiresAt: null, endedAt: Date.UTC(2026, 10, 23, 13, 0, 0) };
    await store.put(ended);
    expect(await store.get(key)).toEqual(ended);
    expect(await store.delete(key)).toBe(true);
    expect(await store.delete(key)).toBe(false);
  });

  test('a live grant must hold its refresh token', async () => {
    // The table's check refuses it (23514, check_violation). Matched by code: an error's stack,
    // which toThrow reads, is mapped through the database driver's source map, a second of work.
    await expect(createDriveTokenStore(db).put({ ...row, refreshTokenCiphertext: null })).rejects.toMatchObject({ code: '23514' });
  });

  test('a pending authorization is taken once, and not once expired', async () => {
    const pending = createPendingAuthorizations(db);
    const now = Date.now();
    const binding = { ...key, nonce: 'nonce-1', expiresAt: now + 60_000 };
    await pending.add(binding);
    expect(await pending.take('nonce-1', now)).toEqual(binding);
    expect(await pending.take('nonce-1', now)).toBeNull();
    await pending.add({ ...binding, nonce: 'nonce-2' });
    expect(await pending.take('nonce-2', now + 120_000)).toBeNull();
    // A nonce is added once (23505, unique_violation).
    await expect(pending.add({ ...binding, nonce: 'nonce-3' }).then(() => pending.add({ ...binding, nonce: 'nonce-3' }))).rejects.toMatchObject({
      code: '23505',
    });
  });

  test('a held grant is taken once, whole; an expired one is swept by the next hold', async () => {
    const held = createPendingGrantStore(db);
    const now = Date.now();
    const stored: PendingGrantRow = {
      ...key,
      completionHash: 'hash-1',
      keyId: 'k1',
      refreshTokenCiphertext: 'c2VhbGVk',
      accessTokenCiphertext: 'c2VhbGVkLWFjY2Vzcw',
      accessTokenExpiresAt: now + 3_600_000,
      scope: row.scope,
      expiresAt: now + 600_000,
    };
    await held.put(stored);
    expect(await held.take('hash-1')).toEqual(stored);
    expect(await held.take('hash-1')).toBeNull();
    await held.put({ ...stored, completionHash: 'hash-old', expiresAt: now - 1000 });
    await held.put({ ...stored, completionHash: 'hash-2' });
    expect(await db.query('SELECT completion_hash FROM oauth_pending_grants')).toEqual([{ completion_hash: 'hash-2' }]);
  });
});
