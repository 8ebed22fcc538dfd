/**
 * The OAuth callback while the database cannot be reached: the sign-in popup gets a page that
 * says so (503, Retry-After), not the api's JSON, and nothing is held; once the database is
 * back, connecting again works.
 */
import type { Database } from '../../src/db/database';
import { DatabaseUnavailableError } from '../../src/db/unavailable';
import { pressConsent } from '../support/driveHarness';
import { startDriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { askTicket, complete, completionOf } from '../support/connectPopup';
import { openTestDatabase } from '../support/testApp';

jest.setTimeout(60_000);

test('a callback during a database outage shows a page saying the server is unavailable; after it, connecting works', async () => {
  const db = await openTestDatabase();
  let down = false;
  const flaky: Database = { ...db, query: (sql, params) => (down ? Promise.reject(new DatabaseUnavailableError('test outage')) : db.query(sql, params)) };
  const t = await startDriveApp(flaky);
  const panel = { who: { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' } };
  const connect = async () => {
    const ticket = await askTicket(t, panel);
    const start = await t.inject({ method: 'GET', url: `/api/authenticate?ticket=${ticket}` });
    const cookie = ([] as string[])
      .concat(start.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('dfw_oauth='))!
      .split(';')[0]!;
    const callback = await pressConsent(String(start.headers.location), 'allow');
    return () => t.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } });
  };
  try {
    const duringOutage = await connect();
    down = true;
    const answer = await duringOutage();
    down = false;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('<h1 id="title">The drive could not be connected</h1>');
    expect(answer.body).toContain('The server is unavailable for the moment.');
    expect(answer.body).toContain('data-autoclose="false"');
    expect(await db.query('SELECT 1 FROM drive_tokens')).toHaveLength(0);
    expect(await db.query('SELECT 1 FROM oauth_pending_grants')).toHaveLength(0);

    const afterwards = await (await connect())();
    expect(afterwards.statusCode).toBe(200);
    expect((await complete(t, panel, completionOf(afterwards.body))).statusCode).toBe(204);
    expect(await db.query('SELECT 1 FROM drive_tokens')).toHaveLength(1);
  } finally {
    await t.close();
    await db.close();
  }
});
