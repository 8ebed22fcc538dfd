/**
 * Private means private at once: the moment the owner's panel removes a file's public permission
 * through our api (`DELETE /api/permissions`, answered 204), no visitor of any widget of the site
 * that shows the file gets its content, from the widget page or from `/content/current`, whether or
 * not the panel's save with `activeFilePerm: "none"` follows; a background check that read the
 * file's sharing before the unshare cannot make it public again. Sharing it again through our api
 * shows it again at once to the widgets whose saved model shares it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRIVE_IDS } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import { loadBuiltPages, type BuiltPages } from '../../src/pages/builtPages';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance, visitorInstance } from '../support/instances';
import { apiUrl, save, type Who } from '../support/requests';
import { ageChecks, connectOwner, openNativeTest, startConnectedNativeApp, until, WELCOME_DOC } from '../support/nativeApp';

jest.setTimeout(180_000);

let db: Database;
let renderer: Renderer;
let dir: string;
let pages: BuiltPages;
let t: DriveApp;

/** Two widgets of one site, each with its own grant, both showing the Welcome document. */
const KEY_A = '0d7c5e3a-1b2f-4a6d-8c9e-3f5a7b9c1d2e';
const KEY_B = '6e8f0a2b-4c5d-4e7f-9a1b-2c3d4e5f6a7b';
const panel = (widgetKey: string): Who => ({ instance: ownerInstance(), widgetKey });
const DOC_ID = DRIVE_IDS.welcomeDoc;

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-unshare-'));
  writeFileSync(
    path.join(dir, 'widget.html'),
    '<!doctype html><html lang=en><head><script defer src=widget.0123abcd.js></script></head><body><div id=root></div></body></html>',
  );
  writeFileSync(path.join(dir, 'widget.0123abcd.js'), '"widget";');
  pages = loadBuiltPages(dir)!;
}, 180_000);
afterAll(async () => {
  await renderer.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  t = await startConnectedNativeApp(db, renderer, panel(KEY_A), pages);
  await connectOwner(t, panel(KEY_B));
  for (const key of [KEY_A, KEY_B]) {
    await save(t.app, panel(key), WELCOME_DOC, 0);
    await until(async () => (await t.inject({ method: 'GET', url: apiUrl('/api/content', panel(key)) })).statusCode === 200, `widget ${key} rendered`);
  }
  expect(await whatVisitorsSee()).toEqual(everywhere('content'));
});
afterEach(async () => t.close());

/** What a fresh visitor gets of widget `key`: from the element's route, and from the widget page. */
async function visitorSees(key: string): Promise<{ element: string; page: string }> {
  const query = new URLSearchParams({ widgetKey: key, fileId: DOC_ID, version: '1' });
  const element = await t.inject({ method: 'GET', url: `/content/current?${query}` });
  const page = await t.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ instance: visitorInstance(), widgetKey: key, viewMode: 'site' })}` });
  expect([element.statusCode, page.statusCode]).toEqual([200, 200]);
  return {
    element: element.json<{ state: string }>().state,
    page: /<article id="dfw-native"[^>]*>[\s\S]*?<h[1-6][ >]/.test(page.body) ? 'content' : 'none',
  };
}
const whatVisitorsSee = async () => ({ a: await visitorSees(KEY_A), b: await visitorSees(KEY_B) });
const everywhere = (state: string) => ({ a: { element: state, page: state }, b: { element: state, page: state } });

const unshare = (key: string) => t.inject({ method: 'DELETE', url: apiUrl('/api/permissions', panel(key), { fileId: DOC_ID, permissionId: 'anyone' }) });
const share = (key: string) =>
  t.inject({
    method: 'POST',
    url: apiUrl('/api/permissions', panel(key)),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ fileId: DOC_ID, role: 'reader', type: 'anyone' }),
  });

test("between the unshare (204) and the panel's save, no visitor of either widget gets the document; nor after the save", async () => {
  expect((await unshare(KEY_A)).statusCode).toBe(204);
  expect(await whatVisitorsSee()).toEqual(everywhere('none'));
  // The background check, when it comes, agrees; the panel's save lands later.
  await ageChecks(db);
  await whatVisitorsSee();
  expect(await whatVisitorsSee()).toEqual(everywhere('none'));
  expect((await save(t.app, panel(KEY_A), { ...WELCOME_DOC, activeFilePerm: 'none' }, 1)).statusCode).toBe(200);
  expect(await whatVisitorsSee()).toEqual(everywhere('none'));
});

test('shared again through our api: shown at once where the saved model shares it, and where it said private once its save lands', async () => {
  expect((await unshare(KEY_A)).statusCode).toBe(204);
  await save(t.app, panel(KEY_A), { ...WELCOME_DOC, activeFilePerm: 'none' }, 1);
  expect(await whatVisitorsSee()).toEqual(everywhere('none'));
  expect((await share(KEY_A)).statusCode).toBe(200);
  expect(await whatVisitorsSee()).toEqual({ a: { element: 'none', page: 'none' }, b: { element: 'content', page: 'content' } });
  await save(t.app, panel(KEY_A), WELCOME_DOC, 2);
  expect(await whatVisitorsSee()).toEqual(everywhere('content'));
});

test('a background check that read the sharing before the unshare and lands after it does not make the file public again', async () => {
  // A new version, so the check renders (slowly: every drive call waits) after it read the sharing.
  t.fake.content.touch(DOC_ID);
  await ageChecks(db);
  const permissionReads = () => t.fake.log.filter((c) => c.method === 'GET' && c.path === `/drive/v2/files/${DOC_ID}/permissions`).length;
  const before = permissionReads();
  t.fake.switches.latencyMs = 300;
  await visitorSees(KEY_B);
  await until(async () => permissionReads() > before, "the check's read of the sharing (still public)");
  expect((await unshare(KEY_A)).statusCode).toBe(204);
  await until(async () => (await db.query('SELECT 1 FROM native_widget_content WHERE comp_id = $1 AND version = 2', [KEY_B])).length === 1, 'the check done');
  t.fake.switches.latencyMs = 0;
  expect(await whatVisitorsSee()).toEqual(everywhere('none'));
});
