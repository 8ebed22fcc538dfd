/**
 * A link must not let another browser bind a drive to a widget. The attacker, owner of a site of
 * her own, makes an authenticate link with her credential and sends it to a victim; the victim opens
 * it in her own browser (her own cookies) and presses Allow on the provider's consent page. The
 * grant must not become the attacker's widget's: it is only held, under a completion code that only
 * the panel that opened the popup (its opener, on our origin) receives and finishes with its own
 * credential. A completion works once, for the widget its flow was begun for, within its lifetime.
 */
import type { Database } from '../../src/db/database';
import { browserJar } from '../support/browserJar';
import { askTicket, complete, connectThroughPopup, popupPages, runPopup, type PanelCredential, type PopupPages } from '../support/connectPopup';
import { startDriveApp, type DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { apiUrl, type Who } from '../support/requests';
import { openTestDatabase } from '../support/testApp';

jest.setTimeout(60_000);

const ATTACKER: Who = { instance: ownerInstance({ instanceId: 'site-attacker' }), compId: 'tpaSettings', origCompId: 'comp-attacker' };
const OWNER: Who = { instance: ownerInstance({ instanceId: 'site-owner' }), compId: 'tpaSettings', origCompId: 'comp-owner' };
const attacker: PanelCredential = { who: ATTACKER };
const owner: PanelCredential = { who: OWNER };

let db: Database;
let pages: PopupPages;
let t: DriveApp;
let clock: number;

beforeAll(async () => {
  db = await openTestDatabase();
  pages = popupPages();
});
afterAll(async () => {
  await Promise.all([db.close(), pages.close()]);
});
beforeEach(async () => {
  await db.query('TRUNCATE drive_tokens, oauth_pending, oauth_pending_grants');
  clock = Date.now();
  t = await startDriveApp(db, undefined, { now: () => clock });
});
afterEach(async () => {
  await t.close();
});

const driveAnswers = async (who: Who) => ({
  about: await t.inject({ method: 'GET', url: apiUrl('/api/about', who) }),
  files: await t.inject({ method: 'GET', url: apiUrl('/api/files', who, { q: "trashed = false and ('root' in parents or not 'me' in owners)" }) }),
});

async function expectNotConnected(who: Who) {
  const { about, files } = await driveAnswers(who);
  expect([about.statusCode, about.json()]).toEqual([401, expect.objectContaining({ error: 'not_connected' })]);
  expect([files.statusCode, files.json()]).toEqual([401, expect.objectContaining({ error: 'not_connected' })]);
}

test("the attacker's ticket link, opened and allowed in the victim's browser, connects nothing to the attacker's widget", async () => {
  const ticket = await askTicket(t, attacker);
  const victim = browserJar();
  const popup = await runPopup(t, `/api/authenticate?ticket=${ticket}`, victim, 'allow');

  await expectNotConnected(ATTACKER);
  expect(await db.query('SELECT 1 FROM drive_tokens')).toEqual([]);

  // The victim's popup page was opened by no panel of ours: it says that nothing was connected.
  expect(popup.callback.statusCode).toBe(200);
  const page = await pages.run(popup.callback.body, false);
  expect(page.shown).toMatch(/Nothing was connected/);
  expect(page.shown).toMatch(/not started from your site's editor in this browser/);
  expect(page.posted).toEqual([]);
  expect(victim.get('connected')).toBeUndefined();
  // Nothing the attacker can see carries the completion: not her answers, not the log.
  expect(popup.completion).not.toBeNull();
  expect(t.logs()).not.toContain(popup.completion!);
});

test('the legacy instance on the authenticate route (a reusable credential in a URL) is refused and starts nothing', async () => {
  const victim = browserJar();
  const start = await t.inject({ method: 'GET', url: apiUrl('/api/authenticate', ATTACKER), headers: { cookie: victim.header() } });
  expect(start.statusCode).toBe(401);
  expect(start.json()).toEqual({ error: 'invalid_ticket', message: expect.any(String) });
  expect(start.headers['set-cookie']).toBeUndefined();
  expect(start.headers.location).toBeUndefined();
  expect(await db.query('SELECT nonce FROM oauth_pending')).toEqual([]);
  await expectNotConnected(ATTACKER);
});

test("the owner's panel finishes its own popup's connection with its own credential; the popup hands the code to its opener only", async () => {
  const jar = browserJar();
  const ticket = await askTicket(t, owner);
  const popup = await runPopup(t, `/api/authenticate?ticket=${ticket}`, jar, 'allow');
  const page = await pages.run(popup.callback.body, true);
  expect(page.posted).toEqual([{ data: { type: 'dfw-connect-completion', completion: popup.completion }, targetOrigin: 'http://localhost' }]);
  expect(page.shown).toMatch(/Connecting your drive/);
  expect(page.shown).toContain('site-owner');
  // Held, not bound, until the panel finishes it.
  await expectNotConnected(OWNER);

  const finished = await complete(t, owner, popup.completion);
  expect(finished.statusCode).toBe(204);
  expect(([] as string[]).concat(finished.headers['set-cookie'] ?? [])).toContainEqual(expect.stringMatching(/^connected=true; Path=\//));
  expect((await driveAnswers(OWNER)).about.json()).toMatchObject({ user: { emailAddress: 'ada@example.com' } });
  expect(await db.query('SELECT instance_id, comp_id FROM drive_tokens')).toEqual([{ instance_id: 'site-owner', comp_id: 'comp-owner' }]);
  expect(t.logs()).toMatch(/drive connected/);
});

test("a completion finished with another widget's credential is refused and dropped: neither widget gets the grant", async () => {
  const ticket = await askTicket(t, owner);
  const { completion } = await runPopup(t, `/api/authenticate?ticket=${ticket}`, browserJar(), 'allow');
  const stolen = await complete(t, attacker, completion);
  expect(stolen.statusCode).toBe(400);
  expect(stolen.json()).toEqual({ error: 'connect_refused', message: expect.any(String) });
  expect(stolen.headers['set-cookie']).toBeUndefined();
  await expectNotConnected(ATTACKER);
  // Dropped: the rightful panel cannot use it afterwards either (it asks the owner to connect again).
  expect((await complete(t, owner, completion)).statusCode).toBe(400);
  await expectNotConnected(OWNER);
  // Another widget of the same site is another widget.
  const sibling: PanelCredential = { who: { ...OWNER, origCompId: 'comp-sibling' } };
  const again = await runPopup(t, `/api/authenticate?ticket=${await askTicket(t, owner)}`, browserJar(), 'allow');
  expect((await complete(t, sibling, again.completion)).statusCode).toBe(400);
  expect(await db.query('SELECT 1 FROM drive_tokens')).toEqual([]);
});

test('a completion works once', async () => {
  const { popup } = await connectThroughPopup(t, owner);
  const replay = await complete(t, owner, popup.completion);
  expect(replay.statusCode).toBe(400);
  expect(replay.json()).toMatchObject({ error: 'connect_refused' });
});

test('a completion expires ten minutes after the callback; one finished in time binds', async () => {
  const ticket = await askTicket(t, owner);
  const late = await runPopup(t, `/api/authenticate?ticket=${ticket}`, browserJar(), 'allow');
  clock += 10 * 60 * 1000 + 1000;
  expect((await complete(t, owner, late.completion)).statusCode).toBe(400);
  await expectNotConnected(OWNER);
  const inTime = await runPopup(t, `/api/authenticate?ticket=${await askTicket(t, owner)}`, browserJar(), 'allow');
  clock += 9 * 60 * 1000;
  expect((await complete(t, owner, inTime.completion)).statusCode).toBe(204);
});

test.each([
  ['never issued', 'A'.repeat(43)],
  ['of another form', 'not-a-code'],
  ['not text', 42],
])('a completion %s is refused', async (_case, forged) => {
  const answer = await complete(t, owner, forged);
  expect(answer.statusCode).toBe(400);
  await expectNotConnected(OWNER);
});

test("a visitor's credential cannot finish a connection, and the held tokens are ciphertext only", async () => {
  const ticket = await askTicket(t, owner);
  const { completion } = await runPopup(t, `/api/authenticate?ticket=${ticket}`, browserJar(), 'allow');
  const held = JSON.stringify(await db.query('SELECT * FROM oauth_pending_grants'));
  for (const token of t.fake.grants.issued) expect(held).not.toContain(token);
  expect(held).not.toContain(completion!);
  const visitor = await complete(t, { who: { ...OWNER, instance: ownerInstance({ instanceId: 'site-owner', permissions: '' }) } }, completion);
  expect(visitor.statusCode).toBe(403);
  expect((await complete(t, owner, completion)).statusCode).toBe(204);
});

test('Deny on the consent page holds nothing: the page hands over no code', async () => {
  const ticket = await askTicket(t, owner);
  const popup = await runPopup(t, `/api/authenticate?ticket=${ticket}`, browserJar(), 'deny');
  expect(popup.completion).toBeNull();
  expect(popup.callback.body).toContain('You did not allow access');
  expect((await pages.run(popup.callback.body, true)).posted).toEqual([]);
});
