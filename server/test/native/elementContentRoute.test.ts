/**
 * The custom element fetching the rendering its `content` attribute names (issue 20, the current
 * model): the public route keyed by the widget key, answered from the stored rendering as the
 * widget page is (never waiting for the drive, the drive asked in the background at most once a
 * minute), only what any visitor may see: the rendering or none, whatever version the URL names
 * (a cache key); hostile input refused by field.
 */
import { DRIVE_IDS } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { apiUrl, save, type Who } from '../support/requests';
import { ageChecks, openNativeTest, startConnectedNativeApp, until, WELCOME_DOC } from '../support/nativeApp';

jest.setTimeout(180_000);

let db: Database;
let renderer: Renderer;
let t: DriveApp;

const KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';
const panel = (): Who => ({ instance: ownerInstance(), widgetKey: KEY });
const DOC = WELCOME_DOC;

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
}, 180_000);
afterAll(async () => {
  await renderer.close();
  await db.close();
});
beforeEach(async () => {
  t = await startConnectedNativeApp(db, renderer, panel());
});
afterEach(async () => t.close());

interface Answer {
  state?: string;
  content?: { fileId: string; version: number; html: string };
  error?: string;
  message?: string;
}

const check = async (query: Record<string, string>) => {
  const answer = await t.inject({ method: 'GET', url: `/content/current?${new URLSearchParams(query)}` });
  return { statusCode: answer.statusCode, headers: answer.headers, body: answer.json<Answer>(), bytes: answer.rawPayload.length };
};
const checkShown = (version: number | '' = 1, fileId: string = DRIVE_IDS.welcomeDoc) => check({ widgetKey: KEY, fileId, version: String(version) });
/** The version of the rendering answered, or the answer itself when it is not one. */
const versionShown = async (version: number | '' = 1, fileId?: string) => {
  const { body } = await checkShown(version, fileId);
  return body.state === 'content' ? body.content?.version : body;
};
const fileCalls = () => t.fake.log.filter((c) => c.path === `/drive/v2/files/${DRIVE_IDS.welcomeDoc}`).length;

/** Saves the model and has the owner's panel render it (what writes the element's attribute). */
async function saveRendered(model: Record<string, unknown>, revision: number) {
  await save(t.app, panel(), model, revision);
  await until(async () => (await t.inject({ method: 'GET', url: apiUrl('/api/content', panel()) })).statusCode === 200, 'the first rendering');
}

test('the rendering, whatever version the URL names; cached briefly by shared caches, readable from the site page', async () => {
  await saveRendered(DOC, 0);
  const answer = await checkShown(1);
  expect(answer.statusCode).toBe(200);
  expect(answer.body.state).toBe('content');
  expect(answer.body.content?.fileId).toBe(DRIVE_IDS.welcomeDoc);
  expect(answer.body.content?.version).toBe(1);
  expect(answer.body.content?.html.match(/<h[1-6][ >]/g)).toHaveLength(13);
  expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=10');
  expect(answer.headers.vary).toBe('Accept-Encoding');
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  // No version known (an attribute written before versions were kept), or another: the same rendering.
  expect(await versionShown('')).toBe(1);
  expect(await versionShown(7)).toBe(1);
});

test('a new version on the drive: the stored copy answers at once, the next check brings the new rendering', async () => {
  await saveRendered(DOC, 0);
  t.fake.content.touch(DRIVE_IDS.welcomeDoc);
  await ageChecks(db);
  const calls = fileCalls();
  expect(await versionShown(1)).toBe(1);
  await until(async () => (await db.query('SELECT 1 FROM native_widget_content WHERE version = 2')).length === 1, 'version 2 stored');
  const changed = await checkShown(1);
  expect(changed.body.state).toBe('content');
  expect(changed.body.content?.fileId).toBe(DRIVE_IDS.welcomeDoc);
  expect(changed.body.content?.version).toBe(2);
  expect(changed.body.content?.html.match(/<h[1-6][ >]/g)).toHaveLength(13);
  // Within the minute, asking asks the drive no more.
  await checkShown(2);
  await checkShown(2);
  expect(fileCalls()).toBe(calls + 1);
});

test('a file made private on the drive is none at the next check', async () => {
  await saveRendered(DOC, 0);
  t.fake.permissions.remove(DRIVE_IDS.welcomeDoc, 'anyoneWithLink');
  await ageChecks(db);
  await checkShown(1);
  await until(async () => (await checkShown(1)).body.state === 'none', 'the private file refused');
  expect((await checkShown(1)).body).toEqual({ state: 'none' });
});

test('a deleted file is none at the next check', async () => {
  await saveRendered(DOC, 0);
  t.fake.content.remove(DRIVE_IDS.welcomeDoc);
  await ageChecks(db);
  expect(await versionShown(1)).toBe(1);
  await until(async () => (await checkShown(1)).body.state === 'none', 'the deleted file refused');
});

test('the live page is the published one: this file made private in the panel is none at once; the viewer or another file chosen in the editor leaves it; a file the widget never rendered is none', async () => {
  await saveRendered(DOC, 0);
  await save(t.app, panel(), { ...DOC, display: 'viewer' }, 1);
  expect(await versionShown(1)).toBe(1);
  await save(t.app, panel(), { ...DOC, activeFileId: DRIVE_IDS.annualPdf, activeFileTitle: 'Annual report', activeFileMimeType: 'application/pdf' }, 2);
  expect(await versionShown(1)).toBe(1);
  await save(t.app, panel(), { ...DOC, activeFilePerm: 'none' }, 3);
  expect((await checkShown(1)).body).toEqual({ state: 'none' });
  await save(t.app, panel(), DOC, 4);
  expect(await versionShown(1)).toBe(1);
  expect((await checkShown(1, 'another-file')).body).toEqual({ state: 'none' });
  expect(t.fake.log.filter((c) => c.path.includes('another-file'))).toEqual([]);
});

test("a document the owner's panel was told can never be part of the page is none, with no drive call of its own", async () => {
  const q3Plan = DRIVE_IDS.q3Plan;
  await save(t.app, panel(), { ...DOC, activeFileId: q3Plan, activeFileTitle: 'Q3 plan' }, 0);
  const owner = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel()) });
  expect([owner.statusCode, owner.json<Answer>().error]).toEqual([422, 'content_unrenderable']);
  const calls = t.fake.log.length;
  expect((await checkShown('', q3Plan)).body).toEqual({ state: 'none' });
  expect(t.fake.log.length).toBe(calls);
});

test('the drive failing leaves the stored copy, answered without waiting', async () => {
  await saveRendered(DOC, 0);
  t.fake.failNext(1000);
  t.fake.content.touch(DRIVE_IDS.welcomeDoc);
  await ageChecks(db);
  const started = Date.now();
  expect(await versionShown('')).toBe(1);
  expect(Date.now() - started).toBeLessThan(2000);
  await until(async () => t.logs().includes('native content not refreshed'), 'the failed check logged');
  expect(await versionShown(1)).toBe(1);
  expect(t.logs()).not.toMatch(/access_token|Bearer|ya29/);
});

test('an unknown key is 404; hostile input is 400 naming the field', async () => {
  await saveRendered(DOC, 0);
  const unknown = await check({ widgetKey: '00000000-0000-4000-8000-000000000000', fileId: DRIVE_IDS.welcomeDoc, version: '1' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.body).toEqual({ error: 'unknown_widget', message: expect.stringContaining('widgetKey') });
  const refusals: [Record<string, string>, string][] = [
    [{ fileId: DRIVE_IDS.welcomeDoc }, 'widgetKey'],
    [{ widgetKey: 'comp-1', fileId: DRIVE_IDS.welcomeDoc }, 'widgetKey'],
    [{ widgetKey: KEY.toUpperCase(), fileId: DRIVE_IDS.welcomeDoc }, 'widgetKey'],
    [{ widgetKey: `${KEY}\u0000`, fileId: DRIVE_IDS.welcomeDoc }, 'widgetKey'],
    [{ widgetKey: KEY }, 'fileId'],
    [{ widgetKey: KEY, fileId: 'x'.repeat(201) }, 'fileId'],
    [{ widgetKey: KEY, fileId: 'a\u0000b' }, 'fileId'],
    [{ widgetKey: KEY, fileId: '../etc' }, 'fileId'],
    [{ widgetKey: KEY, fileId: DRIVE_IDS.welcomeDoc, version: '-1' }, 'version'],
    [{ widgetKey: KEY, fileId: DRIVE_IDS.welcomeDoc, version: '9'.repeat(17) }, 'version'],
  ];
  for (const [query, field] of refusals) {
    const refused = await check(query);
    expect([JSON.stringify(query), refused.statusCode]).toEqual([JSON.stringify(query), 400]);
    expect(refused.body.message).toContain(field);
  }
});
