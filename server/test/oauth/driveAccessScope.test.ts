/**
 * The operator's mode decides the only scope the owner is asked for: the full drive when browsing,
 * `drive.file` with the Picker. The panel learns the mode from the `about` answer it already reads.
 */
import type { DriveAccess } from '#client/contract/driveAccess';
import type { Database } from '../../src/db/database';
import { askTicket, connectThroughPopup } from '../support/connectPopup';
import { browserJar } from '../support/browserJar';
import { startDriveApp, type DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { apiUrl, type Who } from '../support/requests';
import { openTestDatabase } from '../support/testApp';

jest.setTimeout(60_000);

const OWNER: Who = { instance: ownerInstance({ instanceId: 'site-scope' }), compId: 'tpaSettings', origCompId: 'comp-scope' };

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

async function withApp(access: DriveAccess, run: (t: DriveApp) => Promise<void>) {
  await db.query('TRUNCATE drive_tokens, oauth_pending, oauth_pending_grants');
  const t = await startDriveApp(db, undefined, { access });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const SCOPES: [DriveAccess, string][] = [
  ['browse', 'https://www.googleapis.com/auth/drive'],
  ['picker', 'https://www.googleapis.com/auth/drive.file'],
];

test.each(SCOPES)('in %s mode the authorize request asks for exactly %s', (access, scope) =>
  withApp(access, async (t) => {
    const ticket = await askTicket(t, { who: OWNER });
    const start = await t.inject({ method: 'GET', url: `/api/authenticate?ticket=${ticket}`, headers: { cookie: browserJar().header() } });
    expect(start.statusCode).toBe(302);
    expect(new URL(String(start.headers.location)).searchParams.get('scope')).toBe(scope);
  }),
);

test.each(SCOPES)('in %s mode the grant the owner gives has that scope, and the about answer names the mode', (access, scope) =>
  withApp(access, async (t) => {
    await connectThroughPopup(t, { who: OWNER });
    expect(t.fake.grants.liveGrants().map((grant) => grant.scope)).toEqual([scope]);
    const about = await t.inject({ method: 'GET', url: apiUrl('/api/about', OWNER) });
    expect(about.statusCode).toBe(200);
    expect(about.json()).toMatchObject({ access, user: { displayName: expect.any(String) } });
  }),
);

test("in browse mode the Picker's routes are not the server's", () =>
  withApp('browse', async (t) => {
    await connectThroughPopup(t, { who: OWNER });
    const ticket = await askTicket(t, { who: OWNER });
    const page = await t.inject({ method: 'GET', url: `/api/picker?ticket=${ticket}` });
    expect([page.statusCode, page.json()]).toEqual([404, expect.objectContaining({ error: 'picker_off' })]);
    const choice = await t.inject({
      method: 'POST',
      url: apiUrl('/api/picker-choice', OWNER),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fileId: 'file-1' }),
    });
    expect([choice.statusCode, choice.json()]).toEqual([404, expect.objectContaining({ error: 'picker_off' })]);
  }));
