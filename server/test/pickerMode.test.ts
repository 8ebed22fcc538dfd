/**
 * Picker mode (DRIVE_ACCESS=picker) on the server, driven as the owner's popup and panel, and as an
 * attacker who holds the owner's own credential but did not pick a file: the grant has the
 * `drive.file` scope, so a file the owner did not pick with the Picker is unreachable through every
 * route (listings, permissions, the owner's content, its thumbnails), and the Picker's page holds
 * the access token in that page alone.
 */
import { DRIVE_IDS, driveId } from '../../mirage/driveIds';
import type { Database } from '../src/db/database';
import type { Renderer } from '../src/render/renderPool';
import { askTicket } from './support/connectPopup';
import type { DriveApp } from './support/driveApp';
import { ownerInstance } from './support/instances';
import { openNativeTest, startConnectedNativeApp, WELCOME_DOC } from './support/nativeApp';
import { apiUrl, save, type Who } from './support/requests';

jest.setTimeout(180_000);

const OWNER: Who = { instance: ownerInstance({ instanceId: 'site-picker' }), compId: 'tpaSettings', origCompId: 'comp-picker' };
const LOGO = driveId('file/logo-png');

let db: Database;
let renderer: Renderer;
let t: DriveApp;

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
}, 180_000);
afterAll(async () => {
  await renderer.close();
  await db.close();
});
beforeEach(async () => {
  t = await startConnectedNativeApp(db, renderer, OWNER, null, { access: 'picker' });
});
afterEach(() => t.close());

/** The popup: a ticket from the panel, then the picker route with it (and `extra`, e.g. the widget's locale). */
async function openPicker(extra = '', headers: Record<string, string> = {}) {
  const ticket = await askTicket(t, { who: OWNER });
  return t.inject({ method: 'GET', url: `/api/picker?ticket=${ticket}${extra}`, headers });
}

const langOf = (html: string): string | undefined => /<html lang="([^"]*)">/.exec(html)?.[1];
const titleOf = (html: string): string | undefined => /<h1 id="title">([^<]*)<\/h1>/.exec(html)?.[1];

const tokenOf = (html: string): string => /data-token="([^"]+)"/.exec(html)?.[1] ?? '';

/** The owner picks in the Picker (its frame, with the page's token), then the panel reports the file. */
async function pick(fileId: string, selectFolder = false) {
  const page = await openPicker();
  const picked = await fetch(`${t.fake.url}/picker/pick`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokenOf(page.body)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fileId, developerKey: 'fake-picker-api-key', appId: '123456789012', selectFolder }),
  });
  expect(picked.status).toBe(200);
  return choose(fileId);
}

const choose = (fileId: string) =>
  t.inject({ method: 'POST', url: apiUrl('/api/picker-choice', OWNER), headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ fileId }) });

async function content(): Promise<{ fileId: string } | null> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', OWNER) });
    const body = answer.json<{ content: { fileId: string } | null; error?: string }>();
    if (body.error !== 'content_not_ready' || Date.now() > deadline) return body.content ?? null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the Picker's popup", () => {
  it('holds a current access token of the drive.file grant in the page only, under a policy of its own', async () => {
    const page = await openPicker();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'sha256-[^']+' http:\/\/127\.0\.0\.1:\d+;/);
    expect(policy).toContain(`frame-src ${t.fake.url};`);
    expect(policy).toContain("frame-ancestors 'none'");
    const token = tokenOf(page.body);
    expect(t.fake.grants.issued).toContain(token);
    expect(page.body).toContain('data-key="fake-picker-api-key"');
    expect(page.body).toContain('data-app="123456789012"');
    expect(t.logs()).not.toContain(token);
    expect(t.fake.log.some((call) => JSON.stringify(call.query).includes(token))).toBe(false);
  });

  it("speaks the widget's saved locale the panel sent, over the browser's: its words, its lang and the Picker's setLocale", async () => {
    const german = await openPicker('&locale=de', { 'accept-language': 'fr' });
    expect([german.statusCode, langOf(german.body), titleOf(german.body)]).toEqual([200, 'de', 'Datei auswählen']);
    expect(german.body).toContain('data-locale="de"');
    expect(german.body).toContain('.setLocale(d.locale)');
    const polish = await openPicker('&locale=po');
    expect([langOf(polish.body), titleOf(polish.body)]).toEqual(['pl', 'Wybierz plik']);
    expect(polish.body).toContain('data-locale="pl"');
  });

  it("takes a locale the panel does not speak as none (the browser's language, else English), and never reflects a hostile one", async () => {
    const unknown = await openPicker('&locale=xx', { 'accept-language': 'fr' });
    expect([unknown.statusCode, langOf(unknown.body), titleOf(unknown.body)]).toEqual([200, 'fr', 'Choisir un fichier']);
    const hostile = `"><script>alert(1)</script>`;
    const markup = await openPicker(`&locale=${encodeURIComponent(hostile)}`);
    expect([markup.statusCode, langOf(markup.body), titleOf(markup.body)]).toEqual([200, 'en', 'Choose a file']);
    expect(markup.body).toContain('data-locale="en"');
    expect(markup.body).not.toContain('alert(1)');
    const long = await openPicker(`&locale=${encodeURIComponent(hostile.repeat(3))}`);
    expect([long.statusCode, long.body]).toEqual([400, expect.not.stringContaining('data-token')]);
    expect(long.body).not.toContain('<script>alert');
  });

  it('opens once per ticket, and not with the legacy instance in its URL', async () => {
    const ticket = await askTicket(t, { who: OWNER });
    expect((await t.inject({ method: 'GET', url: `/api/picker?ticket=${ticket}` })).statusCode).toBe(200);
    const again = await t.inject({ method: 'GET', url: `/api/picker?ticket=${ticket}` });
    expect([again.statusCode, again.body]).toEqual([401, expect.not.stringContaining('data-token')]);
    const legacy = await t.inject({ method: 'GET', url: apiUrl('/api/picker', OWNER) });
    expect([legacy.statusCode, legacy.body]).toEqual([401, expect.not.stringContaining('data-token')]);
  });
});

describe('the picked file', () => {
  it('is answered to the panel when it is a file the owner picked', async () => {
    const chosen = await pick(DRIVE_IDS.welcomeDoc);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ id: DRIVE_IDS.welcomeDoc, title: 'Welcome to your drive', mimeType: 'application/vnd.google-apps.document' });
    const permissions = await t.inject({ method: 'GET', url: apiUrl('/api/permissions', OWNER, { fileId: DRIVE_IDS.welcomeDoc }) });
    expect(permissions.statusCode).toBe(200);
  });

  it('is refused when it is a folder (only files can be activated)', async () => {
    const chosen = await pick(DRIVE_IDS.projects, true);
    expect([chosen.statusCode, chosen.json()]).toEqual([400, expect.objectContaining({ error: 'picked_folder' })]);
  });

  it('is not found when the owner did not pick it', async () => {
    const chosen = await choose(DRIVE_IDS.budgetSheet);
    expect([chosen.statusCode, chosen.json()]).toEqual([404, expect.objectContaining({ error: 'not_found' })]);
  });
});

describe('a file the owner did not pick, asked for with the owner credential', () => {
  it('is listed by no route', async () => {
    const root = await t.inject({ method: 'GET', url: apiUrl('/api/files', OWNER, { q: "trashed = false and ('root' in parents or not 'me' in owners)" }) });
    expect(root.statusCode).toBe(404);
    expect(root.body).not.toContain(DRIVE_IDS.welcomeDoc);
    const drives = await t.inject({ method: 'GET', url: apiUrl('/api/drives', OWNER) });
    expect(drives.statusCode).toBe(404);
  });

  it('has no permissions to read, give or take away', async () => {
    const fileId = DRIVE_IDS.welcomeDoc;
    const read = await t.inject({ method: 'GET', url: apiUrl('/api/permissions', OWNER, { fileId }) });
    expect([read.statusCode, read.json()]).toEqual([404, expect.objectContaining({ error: 'not_found' })]);
    const give = await t.inject({
      method: 'POST',
      url: apiUrl('/api/permissions', OWNER),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fileId: DRIVE_IDS.budgetSheet, role: 'reader', type: 'anyone' }),
    });
    expect(give.statusCode).toBe(404);
    const take = await t.inject({ method: 'DELETE', url: apiUrl('/api/permissions', OWNER, { fileId, permissionId: 'anyone' }) });
    expect(take.statusCode).toBe(404);
    expect(t.fake.permissions.publicRole(fileId)).toBe('reader');
    expect(t.fake.permissions.publicRole(DRIVE_IDS.budgetSheet)).toBe('writer');
  });

  it('has no content, nor thumbnail, even saved as the active file by hand', async () => {
    expect((await save(t.app, OWNER, WELCOME_DOC, 0)).statusCode).toBe(200);
    expect(await content()).toBeNull();
    t.fake.permissions.insert(LOGO, { role: 'reader', type: 'anyone', withLink: true }, null);
    expect((await save(t.app, OWNER, { ...WELCOME_DOC, activeFileId: LOGO, activeFileTitle: 'Logo.png', activeFileMimeType: 'image/png' }, 1)).statusCode).toBe(
      200,
    );
    expect(await content()).toBeNull();
    expect(t.fake.log.filter((call) => call.path.startsWith('/thumbnails/') && call.status === 200)).toEqual([]);
  });

  it('has its content once the owner picked it (the same route, the same grant)', async () => {
    expect((await pick(DRIVE_IDS.welcomeDoc)).statusCode).toBe(200);
    expect((await save(t.app, OWNER, WELCOME_DOC, 0)).statusCode).toBe(200);
    expect(await content()).toMatchObject({ fileId: DRIVE_IDS.welcomeDoc });
  });
});
