/**
 * Across the fleet, an access token is refreshed once: two instances (two DriveGrants, each with
 * its own in-process bookkeeping) on one database ask for an expired token at the same moment;
 * one refreshes at the provider, the other waits for and uses the token it wrote. On PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createDriveTokenStore } from '../../src/db/driveTokenStore';
import { DriveGrants } from '../../src/oauth/grants';
import { connectWidget, startDriveHarness, type DriveHarness } from '../support/driveHarness';
import { ENGINES, migratedDatabase } from '../support/engines';

jest.setTimeout(60_000);

const widget = { instanceId: 'inst-1', compId: 'comp-1' };

describe.each(ENGINES)('the refresh of a shared grant on $name', (engine) => {
  let h: DriveHarness;
  const db = migratedDatabase(engine, 'TRUNCATE drive_tokens');
  beforeEach(async () => {
    h = await startDriveHarness();
  });
  afterEach(() => h.stop());

  async function twoInstances() {
    await connectWidget(h, widget);
    const store = createDriveTokenStore(db());
    await store.put(h.store.rows.get('inst-1\u0000comp-1')!);
    // An hour later: the stored access token has expired for both.
    const later = () => Date.now() + 3600 * 1000;
    const instance = () => new DriveGrants({ store, cipher: h.cipher, provider: h.provider, now: later });
    return { a: instance(), b: instance(), store };
  }

  const tokenCalls = () => h.fake.log.filter((c) => c.path === '/token').length;

  test('two instances asking at once: one refresh at the provider, one token for both', async () => {
    const { a, b, store } = await twoInstances();
    const before = tokenCalls();
    const tokens = await Promise.all([a.accessToken(widget), b.accessToken(widget), a.accessToken(widget), b.accessToken(widget)]);
    expect(tokenCalls() - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const row = await store.get(widget);
    expect(row?.accessTokenCiphertext).not.toBe(h.store.rows.get('inst-1\u0000comp-1')?.accessTokenCiphertext);
  });

  test('a lease left by an instance that died runs out; then another refreshes', async () => {
    const { a, store } = await twoInstances();
    // An instance took the lease and was killed before writing (its lease is already over here).
    expect(await store.takeRefreshLease!(widget, 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    const before = tokenCalls();
    await expect(a.accessToken(widget)).resolves.toEqual(expect.any(String));
    expect(tokenCalls() - before).toBe(1);
  });

  test('while another instance holds the lease nothing is refreshed; when it gives the lease back (its refresh failed), the waiting one refreshes', async () => {
    const { a, store } = await twoInstances();
    expect(await store.takeRefreshLease!(widget, 30_000)).toBe(true);
    const before = tokenCalls();
    const waiting = a.accessToken(widget);
    await new Promise((r) => setTimeout(r, 500));
    expect(tokenCalls() - before).toBe(0);
    await store.releaseRefreshLease!(widget);
    await expect(waiting).resolves.toEqual(expect.any(String));
    expect(tokenCalls() - before).toBe(1);
  });
});
