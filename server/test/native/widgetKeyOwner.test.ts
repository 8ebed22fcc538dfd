/**
 * A widget key belongs to the site that first saved it (the current model). The key is public (it
 * is in the site's page HTML), so another site's owner can send it: her save or delete under it is
 * refused with 409 `widget_key_taken`, and the owner's visitors keep getting the document from
 * `/content/current`, which answers from the owning site's settings only.
 */
import { DRIVE_IDS } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { apiUrl, readUser, save, type Who } from '../support/requests';
import { connectOwner, openNativeTest, startConnectedNativeApp, until, WELCOME_DOC } from '../support/nativeApp';

jest.setTimeout(180_000);

let db: Database;
let renderer: Renderer;
let t: DriveApp;

const KEY = '5b7e1d2c-8a3f-4c6e-9d1b-2f4a6c8e0b13';
const victim = (): Who => ({ instance: ownerInstance(), widgetKey: KEY });
/** The attacker owns another site of the app and read the victim's key in the victim's page HTML. */
const attacker = (): Who => ({ instance: ownerInstance({ instanceId: 'site-attacker', uid: 'user-9', siteOwnerId: 'user-9' }), widgetKey: KEY });

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
}, 180_000);
afterAll(async () => {
  await renderer.close();
  await db.close();
});
beforeEach(async () => {
  t = await startConnectedNativeApp(db, renderer, victim());
});
afterEach(async () => t.close());

const visitorSees = async () => {
  const query = new URLSearchParams({ widgetKey: KEY, fileId: DRIVE_IDS.welcomeDoc, version: '1' });
  const answer = await t.inject({ method: 'GET', url: `/content/current?${query}` });
  return { status: answer.statusCode, state: answer.json<{ state?: string }>().state };
};
const remove = (who: Who) => t.inject({ method: 'DELETE', url: apiUrl('/api/settings', who) });
const rows = () => db.query<{ instance_id: string; revision: number }>('SELECT instance_id, revision FROM widget_settings ORDER BY instance_id');

async function victimShowsTheDocument() {
  await save(t.app, victim(), WELCOME_DOC, 0);
  await until(async () => (await t.inject({ method: 'GET', url: apiUrl('/api/content', victim()) })).statusCode === 200, 'the first rendering');
  expect(await visitorSees()).toEqual({ status: 200, state: 'content' });
}

test("another site's save under the victim's key is refused, whatever revision it names; the victim's visitors still see the document", async () => {
  await victimShowsTheDocument();
  for (const revision of [0, 1, 7]) {
    const blank = await save(t.app, attacker(), {}, revision);
    expect([revision, blank.statusCode, blank.json()]).toEqual([
      revision,
      409,
      { error: 'widget_key_taken', message: expect.stringContaining('another site') },
    ]);
  }
  expect(await rows()).toEqual([{ instance_id: 'site-1', revision: 1 }]);
  expect(await visitorSees()).toEqual({ status: 200, state: 'content' });
  // The victim's own panel goes on saving.
  expect((await save(t.app, victim(), { ...WELCOME_DOC, borderWidth: 2 }, 1)).json()).toEqual({ revision: 2 });
  expect(await visitorSees()).toEqual({ status: 200, state: 'content' });
});

test("another site's delete under the victim's key is refused and removes nothing of the victim's; a save after it is refused too", async () => {
  await victimShowsTheDocument();
  const removed = await remove(attacker());
  expect([removed.statusCode, removed.json<{ error: string }>().error]).toEqual([409, 'widget_key_taken']);
  expect((await save(t.app, attacker(), {}, 0)).statusCode).toBe(409);
  expect(await rows()).toEqual([{ instance_id: 'site-1', revision: 1 }]);
  expect(await visitorSees()).toEqual({ status: 200, state: 'content' });
  expect((await readUser(t.app, victim())).json()).toMatchObject({ activeFileId: DRIVE_IDS.welcomeDoc, revision: 1 });
});

test("a refused delete forgets the caller's own drive grant under the key (never the owner's): nothing of hers is left behind", async () => {
  await victimShowsTheDocument();
  await connectOwner(t, attacker());
  const grants = () => db.query<{ instance_id: string }>('SELECT instance_id FROM drive_tokens ORDER BY instance_id');
  expect(await grants()).toEqual([{ instance_id: 'site-1' }, { instance_id: 'site-attacker' }]);
  expect((await remove(attacker())).statusCode).toBe(409);
  expect(await grants()).toEqual([{ instance_id: 'site-1' }]);
  expect(await visitorSees()).toEqual({ status: 200, state: 'content' });
});

test("the victim's own delete still works, and her tombstone keeps the key: another site cannot take it afterwards", async () => {
  await victimShowsTheDocument();
  expect((await remove(victim())).statusCode).toBe(204);
  expect((await save(t.app, attacker(), {}, 0)).statusCode).toBe(409);
  expect(await rows()).toEqual([{ instance_id: 'site-1', revision: 2 }]);
});

test('two sites saving a new key at the same moment: exactly one holds it, the other is refused', async () => {
  const other = '9c2d4e6f-1a3b-4c5d-8e7f-0a1b2c3d4e5f';
  const answers = await Promise.all([save(t.app, { ...victim(), widgetKey: other }, {}, 0), save(t.app, { ...attacker(), widgetKey: other }, {}, 0)]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  expect(await db.query('SELECT instance_id FROM widget_settings WHERE comp_id = $1', [other])).toHaveLength(1);
});

test('a legacy compId is per site: two sites may each save the same one (a duplicated site keeps its ids)', async () => {
  const legacy = (instanceId: string): Who => ({ instance: ownerInstance({ instanceId }), compId: 'comp-1' });
  expect((await save(t.app, legacy('site-1'), {}, 0)).statusCode).toBe(200);
  expect((await save(t.app, legacy('site-copy'), {}, 0)).statusCode).toBe(200);
});
