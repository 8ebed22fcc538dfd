/**
 * Connecting the drive in the platform's current model: the popup cannot carry the access token's
 * header, so the panel asks for a connect ticket with its token and opens the authenticate route
 * with the ticket alone (src/contract/connectTicket.ts). A ticket opens the route once, within its
 * minute, for the widget its token named; a forged, expired or reused one is 401 and starts nothing.
 */
import { startFakeTokenInfo, type FakeTokenInfo } from '../dev/fakeTokenInfo';
import type { Database } from '../src/db/database';
import { browserJar } from './support/browserJar';
import { complete, runPopup } from './support/connectPopup';
import { startDriveApp, type DriveApp } from './support/driveApp';
import { openTestDatabase } from './support/testApp';
import { KEY, tokenUrl } from './support/tokens';

jest.setTimeout(60_000);

const APP_ID = 'app-under-test';
const SITE = 'site-9';
const OTHER_KEY = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
let db: Database;
let tokenInfo: FakeTokenInfo;
let t: DriveApp;
let clock: number;

beforeAll(async () => {
  [db, tokenInfo] = await Promise.all([openTestDatabase(), startFakeTokenInfo({ appId: APP_ID, instanceId: SITE })]);
});
afterAll(async () => {
  await Promise.all([db.close(), tokenInfo.stop()]);
});
beforeEach(async () => {
  await db.query('TRUNCATE drive_tokens, oauth_pending, oauth_pending_grants');
  clock = Date.now();
  t = await startDriveApp(db, undefined, { config: { tokens: { appId: APP_ID, tokenInfoUrl: tokenInfo.url, timeoutMs: 5000 } }, now: () => clock });
});
afterEach(async () => {
  await t.close();
});

const ownerToken = () => tokenInfo.issue({ subjectType: 'USER', expiresInSeconds: 3600 });
const askTicket = (token: string | undefined, widgetKey = KEY) =>
  t.inject({ method: 'POST', url: tokenUrl('/api/connect-ticket', { widgetKey }), headers: token === undefined ? {} : { authorization: token } });
const openPopup = (ticket: string) => t.inject({ method: 'GET', url: `/api/authenticate?ticket=${encodeURIComponent(ticket)}` });

async function ticketFor(token = ownerToken(), widgetKey = KEY): Promise<string> {
  const answer = await askTicket(token, widgetKey);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return (answer.json() as { ticket: string }).ticket;
}

function expectRefused(answer: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, status: number, error: string) {
  expect(answer.statusCode).toBe(status);
  expect(answer.json()).toEqual({ error, message: expect.any(String) });
  expect(answer.headers['set-cookie']).toBeUndefined();
}

test("the owner's token gets a ticket; the popup opened with it alone goes to the consent page; the panel's token binds what it brings back to that widget", async () => {
  const token = ownerToken();
  const ticket = await ticketFor(token);
  expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const popup = await runPopup(t, `/api/authenticate?ticket=${encodeURIComponent(ticket)}`, browserJar());
  const consent = new URL(String(popup.start.headers.location));
  expect(consent.origin + consent.pathname).toBe(t.fake.endpoints.authorizeUrl);
  // No token in any URL: the ticket, and then the signed state, name the widget.
  expect(String(popup.start.headers.location)).not.toContain(token);
  expect(popup.callback.statusCode).toBe(200);
  expect(await db.query('SELECT 1 FROM drive_tokens')).toEqual([]);
  expect((await complete(t, { token }, popup.completion)).statusCode).toBe(204);
  const rows = await db.query<{ instance_id: string; comp_id: string }>('SELECT instance_id, comp_id FROM drive_tokens');
  expect(rows).toEqual([{ instance_id: SITE, comp_id: KEY }]);
  const about = await t.inject({ method: 'GET', url: tokenUrl('/api/about', {}), headers: { authorization: token } });
  expect(about.json()).toMatchObject({ user: { emailAddress: 'ada@example.com' } });
  // The ticket and the completion are secrets too: never in a log line.
  expect(t.logs()).not.toContain(ticket);
  expect(t.logs()).not.toContain(popup.completion!);
  expect(t.logs()).not.toContain(token);
});

test("the attacker's ticket link, allowed in a victim's browser: the attacker's widget gets nothing, and another widget's token cannot bind it", async () => {
  const attacker = ownerToken();
  const ticket = await ticketFor(attacker, OTHER_KEY);
  const victim = await runPopup(t, `/api/authenticate?ticket=${encodeURIComponent(ticket)}`, browserJar());
  expect(victim.callback.statusCode).toBe(200);
  const about = await t.inject({ method: 'GET', url: tokenUrl('/api/about', { widgetKey: OTHER_KEY }), headers: { authorization: attacker } });
  expect([about.statusCode, about.json()]).toEqual([401, expect.objectContaining({ error: 'not_connected' })]);
  // Even with the code, a panel of another widget cannot bind it (and the code is then dropped).
  const elsewhere = await complete(t, { token: attacker, widgetKey: KEY }, victim.completion);
  expect([elsewhere.statusCode, elsewhere.json()]).toEqual([400, expect.objectContaining({ error: 'connect_refused' })]);
  expect(await db.query('SELECT 1 FROM drive_tokens')).toEqual([]);
});

test('a reused ticket is refused: a ticket opens the popup once', async () => {
  const ticket = await ticketFor();
  expect((await openPopup(ticket)).statusCode).toBe(302);
  expectRefused(await openPopup(ticket), 401, 'invalid_ticket');
});

test('an expired ticket is refused (a minute after it was issued), one still in its minute is taken', async () => {
  const late = await ticketFor();
  const inTime = await ticketFor();
  clock += 59_000;
  expect((await openPopup(inTime)).statusCode).toBe(302);
  clock += 2_000;
  expectRefused(await openPopup(late), 401, 'invalid_ticket');
});

test.each([
  ['never issued', 'A'.repeat(43)],
  ['of another form', 'not-a-ticket'],
  ['an access token in its place', 'TOKEN'],
  ['empty', ''],
])('a forged ticket (%s) is refused and starts no authorization', async (_case, forged) => {
  await ticketFor();
  const value = forged === 'TOKEN' ? ownerToken() : forged;
  expectRefused(await openPopup(value), 401, 'invalid_ticket');
  const pending = await db.query<{ nonce: string }>('SELECT nonce FROM oauth_pending');
  expect(pending.every((row) => row.nonce.startsWith('connect-ticket:'))).toBe(true);
});

test("the server keeps only a ticket's hash", async () => {
  const ticket = await ticketFor();
  const stored = JSON.stringify(await db.query('SELECT * FROM oauth_pending'));
  expect(stored).not.toContain(ticket);
  expect(stored).toContain(KEY);
});

test("only the owner gets a ticket: a visitor's token 403, no credential 401", async () => {
  expectRefused(await askTicket(tokenInfo.issue({ subjectType: 'VISITOR', expiresInSeconds: 600 })), 403, 'forbidden');
  expectRefused(await askTicket(undefined), 401, 'missing_instance');
  expect(await db.query('SELECT * FROM oauth_pending')).toEqual([]);
});
