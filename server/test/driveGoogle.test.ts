/**
 * The drive routes against a drive that answers as Google does (the fake drive, checked by Google's
 * own client in fakeDrive/googleClient.test.ts): shared drives listed and their folders browsed,
 * their files shared; a file shared by link before 2021 reached with its resource key; owners
 * without a name; pages in the order the panel shows; a code exchange whose answer was lost.
 */
import { DRIVE_IDS, RESOURCE_KEYS, SHARED_DRIVES } from '../../mirage/drive';
import { FOLDER_MIME } from '#client/drive/rules';
import { folderQuery, sharedDriveFolderQuery } from '#client/drive/query';
import { titleCollator } from '#client/i18n/format';
import type { Database } from '../src/db/database';
import { browserJar } from './support/browserJar';
import { askTicket } from './support/connectPopup';
import { startDriveApp, type DriveApp } from './support/driveApp';
import { driveCalls, pressConsent } from './support/driveHarness';
import { ownerInstance } from './support/instances';
import { connectOwner } from './support/nativeApp';
import { apiUrl, type Who } from './support/requests';
import { openTestDatabase } from './support/testApp';

jest.setTimeout(60_000);

let db: Database;
let t: DriveApp;
const panel: Who = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('TRUNCATE drive_tokens, oauth_pending');
  t = await startDriveApp(db);
});
afterEach(() => t.close());

const get = (path: string, extra: Record<string, string> = {}) => t.inject({ method: 'GET', url: apiUrl(path, panel, extra) });
interface Page {
  items: { id: string; title: string; mimeType: string; owners?: { displayName?: string; emailAddress?: string }[]; resourceKey?: string }[];
  nextPageToken?: string;
}

/** Every page of a listing through the files route (or another listing route). */
async function allPages(extra: Record<string, string>, path = '/api/files'): Promise<Page[]> {
  const pages: Page[] = [];
  let pageToken = '';
  do {
    const answer = await get(path, { ...extra, ...(pageToken ? { pageToken } : {}) });
    expect(answer.statusCode).toBe(200);
    pages.push(answer.json<Page>());
    pageToken = pages[pages.length - 1]?.nextPageToken ?? '';
  } while (pageToken);
  return pages;
}
const itemsOf = (pages: Page[]) => pages.flatMap((p) => p.items);

describe('the drive as Google answers it, through the server', () => {
  test('shared drives are listed as folders, and a shared drive’s folders are listed from that drive', async () => {
    await connectOwner(t, panel);
    const drives = itemsOf(await allPages({}, '/api/drives'));
    expect(drives).toEqual(SHARED_DRIVES.map((d) => ({ id: d.id, title: d.name, mimeType: FOLDER_MIME })));
    const marketing = SHARED_DRIVES[0]!.id;
    const top = itemsOf(await allPages({ q: sharedDriveFolderQuery(marketing), driveId: marketing }));
    expect(top.map((f) => f.title)).toEqual(['Campaigns', 'Brand guide', 'Hero banner.png', 'Press kit.pdf']);
    expect(top.every((f) => f.owners === undefined)).toBe(true);
    const campaigns = itemsOf(await allPages({ q: sharedDriveFolderQuery(DRIVE_IDS.campaigns), driveId: marketing }));
    expect(campaigns.map((f) => f.title)).toEqual(['Campaign budget', 'Launch brief']);
    const call = driveCalls(t.fake).find((c) => c.path === '/drive/v2/files' && c.query.driveId === marketing);
    expect(call?.query).toMatchObject({ corpora: 'drive', includeItemsFromAllDrives: 'true', supportsAllDrives: 'true' });
    // A shared drive's query without its drive, or My Drive's with one, is not the panel's: refused, the drive not asked.
    const calls = driveCalls(t.fake).length;
    expect((await get('/api/files', { q: sharedDriveFolderQuery(marketing) })).json()).toMatchObject({
      error: 'invalid_request',
      message: expect.stringContaining('driveId'),
    });
    expect((await get('/api/files', { q: folderQuery('root'), driveId: marketing })).statusCode).toBe(400);
    expect(driveCalls(t.fake)).toHaveLength(calls);
  });

  test('a shared drive’s file is shared and unshared like any other', async () => {
    await connectOwner(t, panel);
    const insert = await t.inject({
      method: 'POST',
      url: apiUrl('/api/permissions', panel),
      payload: { fileId: DRIVE_IDS.launchBrief, role: 'reader', type: 'anyone' },
    });
    expect(insert.statusCode).toBe(200);
    expect(t.fake.permissions.publicRole(DRIVE_IDS.launchBrief)).toBe('reader');
    const read = await get('/api/permissions', { fileId: DRIVE_IDS.launchBrief });
    expect(read.json<{ items: unknown[] }>().items).toContainEqual({ role: 'reader', type: 'anyone', id: 'anyoneWithLink' });
    const removed = await t.inject({ method: 'DELETE', url: apiUrl('/api/permissions', panel, { fileId: DRIVE_IDS.launchBrief, permissionId: 'anyone' }) });
    expect(removed.statusCode).toBe(204);
    expect(t.fake.permissions.publicRole(DRIVE_IDS.launchBrief)).toBeNull();
  });

  test('a file shared by link before 2021 is listed with its resource key and reached with it', async () => {
    await connectOwner(t, panel);
    const keyed = itemsOf(await allPages({ q: folderQuery('root') })).find((f) => f.id === DRIVE_IDS.keyedHandbook);
    const resourceKey = RESOURCE_KEYS[DRIVE_IDS.keyedHandbook]!;
    expect(keyed?.resourceKey).toBe(resourceKey);
    expect((await get('/api/permissions', { fileId: DRIVE_IDS.keyedHandbook })).statusCode).toBe(404);
    const read = await get('/api/permissions', { fileId: DRIVE_IDS.keyedHandbook, resourceKey });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ items: unknown[] }>().items).toContainEqual({ id: 'anyoneWithLink', role: 'reader', type: 'anyone' });
    expect((await get('/api/permissions', { fileId: DRIVE_IDS.keyedHandbook, resourceKey: 'a/b' })).statusCode).toBe(400);
  });

  test('an owner the drive gives no name is listed (with the address), not a 502', async () => {
    await connectOwner(t, panel);
    const nameless = itemsOf(await allPages({ q: folderQuery('root') })).find((f) => f.id === DRIVE_IDS.namelessChecklist);
    expect(nameless?.owners).toEqual([{ emailAddress: 'ops@example.org', isAuthenticatedUser: false }]);
  });

  test('pages come in the order the panel shows (natural titles), so a later page only adds rows below', async () => {
    await connectOwner(t, panel);
    const pages = await allPages({ q: folderQuery(DRIVE_IDS.invoices) });
    expect(pages.length).toBeGreaterThan(1);
    const titles = itemsOf(pages)
      .filter((f) => f.title.startsWith('Invoice '))
      .map((f) => f.title);
    expect(titles).toEqual([...titles].sort(titleCollator('en').compare));
    expect(titles).toHaveLength(60);
  });
});

describe('connecting when the code exchange’s answer is lost', () => {
  test('the code is not sent again (Google took it): the owner is told to try again, not that the drive refused', async () => {
    const jar = browserJar();
    const start = await t.inject({ method: 'GET', url: `/api/authenticate?ticket=${await askTicket(t, { who: panel })}` });
    jar.take(start.headers['set-cookie']);
    const callback = await pressConsent(String(start.headers.location), 'allow');
    t.fake.loseTokenAnswers(1);
    const answer = await t.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: jar.header() } });
    expect(t.fake.log.filter((c) => c.path === '/token')).toHaveLength(1);
    expect(answer.statusCode).toBe(502);
    expect(answer.body).not.toContain('refused');
  });
});
