/**
 * The sign-in popup's pages speak the owner's language: the widget's own once the flow names it,
 * else the browser's (`Accept-Language`), with `lang` set and every word, the close button's
 * included, from the panel's catalogues.
 */
import { defaultUserModel } from '#client/contract/userModel';
import de from '#client/i18n/panel/de';
import ja from '#client/i18n/panel/ja';
import { acceptedLanguage } from '../../src/oauth/callbackLanguage';
import type { Database } from '../../src/db/database';
import { browserJar } from '../support/browserJar';
import { askTicket, runPopup, type PanelCredential } from '../support/connectPopup';
import { startDriveApp, type DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { save, type Who } from '../support/requests';
import { openTestDatabase } from '../support/testApp';

jest.setTimeout(60_000);

const OWNER: Who = { instance: ownerInstance({ instanceId: 'site-owner' }), compId: 'tpaSettings', origCompId: 'comp-owner' };
const owner: PanelCredential = { who: OWNER };
let db: Database;
let t: DriveApp;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db.close());
beforeEach(async () => {
  await db.query('TRUNCATE drive_tokens, oauth_pending, oauth_pending_grants, widget_settings');
  t = await startDriveApp(db);
});
afterEach(async () => t.close());

test.each([
  ['de-AT,de;q=0.9,en;q=0.5', 'de'],
  ['zh-CN, fr;q=0.4, en;q=0.3', 'fr'],
  ['pl', 'po'],
  ['en-GB,de;q=0.8', 'en'],
  ['ja;q=0, ko;q=0.2', 'ko'],
  ['xx, *', null],
  ['', null],
])('the browser language of %p is %p', (header, language) => {
  expect(acceptedLanguage(header)).toBe(language);
});

test("a refused sign-in, before any widget is known, is in the browser's language", async () => {
  const page = await t.inject({ method: 'GET', url: '/api/oauth/callback?state=forged.state&code=x', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
  expect(page.statusCode).toBe(400);
  expect(page.body).toContain('<html lang="de">');
  expect(page.body).toContain(`<h1 id="title">${de['callback.refused.title']}</h1>`);
  expect(page.body).toContain(`>${de['callback.close']}</button>`);
  expect(page.body).not.toContain('Close this window');
});

test("a granted sign-in is in the widget's language", async () => {
  expect((await save(t.app, OWNER, { ...defaultUserModel(), locale: 'ja' }, 0)).statusCode).toBe(200);
  const popup = await runPopup(t, `/api/authenticate?ticket=${await askTicket(t, owner)}`, browserJar(), 'allow');
  const body = popup.callback.body;
  expect(body).toContain('<html lang="ja">');
  expect(body).toContain(ja['callback.handover.title']);
  expect(body).toContain(ja['callback.site'].replace('{site}', 'site-owner'));
  expect(body).toContain(`data-alone-title="${ja['callback.alone.title']}"`);
});
