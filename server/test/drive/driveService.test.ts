import { DRIVE_IDS } from '../../../mirage/drive';
import { MAX_RESULTS } from '#client/api/routes';
import { FileListSchema, checkShape } from '#client/api/schemas';
import { folderQuery } from '#client/drive/query';
import { connectWidget, driveCalls, startDriveHarness, type DriveHarness } from '../support/driveHarness';
import { FILE_LIST_FIELDS } from '../../src/drive/driveClient';
import { errorReply, folderIdFromQuery } from '../../src/drive/driveService';
import { UpstreamUnavailableError } from '../../src/drive/resilientFetch';

const widget = { instanceId: 'inst-1', compId: 'comp-1' };
let h: DriveHarness;

beforeEach(async () => {
  h = await startDriveHarness();
  await connectWidget(h, widget);
});
afterEach(() => h.stop());

const FILE_KEYS = ['driveId', 'fileSize', 'iconLink', 'id', 'mimeType', 'modifiedDate', 'owners', 'resourceKey', 'title'];
const OWNER_KEYS = ['displayName', 'emailAddress', 'isAuthenticatedUser'];

describe('listing', () => {
  it('lists a folder page by page, at most 50 at a time (short and empty pages passed on), with the panel query and only the fields it needs', async () => {
    const q = folderQuery(DRIVE_IDS.reports);
    const pages = [];
    let pageToken: string | null = null;
    do {
      const page = await h.service.filesList(widget, { folderId: DRIVE_IDS.reports, driveId: null }, pageToken);
      pages.push(page);
      pageToken = page.nextPageToken ?? null;
    } while (pageToken);
    const mine = pages.flatMap((p) => p.items).filter((f) => f.title.startsWith('Weekly report'));
    expect(pages.map((p) => p.items.length).slice(0, 3)).toEqual([Math.ceil((MAX_RESULTS * 3) / 5), 0, MAX_RESULTS]);
    expect(mine).toHaveLength(120);
    expect(new Set(pages.flatMap((p) => p.items.map((f) => f.id))).size).toBe(pages.flatMap((p) => p.items).length);
    for (const page of pages) {
      expect(checkShape(FileListSchema, page).ok).toBe(true);
      for (const file of page.items) for (const key of Object.keys(file)) expect(FILE_KEYS).toContain(key);
      for (const file of page.items) for (const key of Object.keys(file.owners?.[0] ?? {})) expect(OWNER_KEYS).toContain(key);
    }
    expect(Object.keys(pages[0] ?? {}).sort()).toEqual(['items', 'nextPageToken']);
    expect(Object.keys(pages[pages.length - 1] ?? {})).toEqual(['items']);
    const calls = driveCalls(h.fake).filter((c) => c.path === '/drive/v2/files');
    expect(calls).toHaveLength(pages.length);
    for (const call of calls) expect(call.query).toMatchObject({ q, maxResults: String(MAX_RESULTS), fields: FILE_LIST_FIELDS });
  });

  it('never lists trashed files, and lists files others shared in every folder', async () => {
    const page = await h.service.filesList(widget, { folderId: DRIVE_IDS.drafts, driveId: null }, null);
    const ids = page.items.map((f) => f.id);
    expect(ids).not.toContain(DRIVE_IDS.trashedDraft);
    expect(ids).toContain(DRIVE_IDS.othersHandbook);
    expect(page.items.find((f) => f.title === 'Whiteboard sketch')).toBeDefined();
  });

  // The files route's schema refuses what this does not read (driveRoutes.test.ts: without calling the drive).
  it('reads the folder of the panel listing query only', () => {
    expect(folderIdFromQuery(folderQuery("Ada's \\ folder"))).toBe("Ada's \\ folder");
    expect(folderIdFromQuery(folderQuery(DRIVE_IDS.reports))).toBe(DRIVE_IDS.reports);
    for (const q of ['trashed = true', "'root' in parents", `${folderQuery('root')} or trashed = true`, '']) expect(folderIdFromQuery(q)).toBeNull();
  });
});

describe('sharing', () => {
  const publicRole = async (fileId: string) => (await h.service.permissionsList(widget, fileId)).items.find((p) => p.type === 'anyone')?.role ?? 'none';

  it('shares as reader, then writer, then back to private', async () => {
    const fileId = DRIVE_IDS.annualPdf;
    expect(await publicRole(fileId)).toBe('none');
    expect(await h.service.permissionInsert(widget, fileId, 'reader')).toEqual({ id: 'anyoneWithLink', role: 'reader', type: 'anyone' });
    expect(await publicRole(fileId)).toBe('reader');
    await h.service.permissionInsert(widget, fileId, 'writer');
    expect(await publicRole(fileId)).toBe('writer');
    await h.service.permissionDelete(widget, fileId);
    expect(await publicRole(fileId)).toBe('none');
    expect(h.fake.permissions.publicRole(fileId)).toBeNull();
    // Already private: still fine.
    await expect(h.service.permissionDelete(widget, fileId)).resolves.toBeUndefined();
  });

  it('answers permission lists in the panel shape only', async () => {
    const list = await h.service.permissionsList(widget, DRIVE_IDS.welcomeDoc);
    for (const item of list.items) expect(Object.keys(item).sort()).toEqual(['id', 'role', 'type']);
    expect(list.items).toContainEqual({ id: 'anyoneWithLink', role: 'reader', type: 'anyone' });
  });

  it("turns the drive's refusals into clear answers", async () => {
    const forbidden = await h.service.permissionInsert(widget, DRIVE_IDS.othersHandbook, 'writer').catch((e: unknown) => e);
    expect(errorReply(forbidden)).toMatchObject({ status: 403, body: { error: 'drive_forbidden' } });
    const missing = await h.service.permissionsList(widget, 'no-such-file').catch((e: unknown) => e);
    expect(errorReply(missing)).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });
});

describe('rate limits and outages', () => {
  it('retries a rate-limited answer (429, then 403 userRateLimitExceeded with Retry-After) and then succeeds', async () => {
    h.fake.rateLimitNext(1, { status: 429 });
    await expect(h.service.about(widget)).resolves.toMatchObject({ user: { emailAddress: 'ada@example.com' } });
    h.fake.rateLimitNext(2, { status: 403, retryAfterSeconds: 3 });
    const page = await h.service.filesList(widget, { folderId: 'root', driveId: null }, null);
    expect(page.items.length).toBeGreaterThan(0);
    expect(h.waits).toEqual([150, 3000, 3000]);
    expect(driveCalls(h.fake).map((c) => c.status)).toEqual([429, 200, 403, 403, 200]);
  });

  it('gives up after its attempts with a 503 and the Retry-After the drive asked for', async () => {
    h.fake.rateLimitNext(10, { status: 429, retryAfterSeconds: 7 });
    const error = await h.service.about(widget).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(errorReply(error)).toEqual({
      status: 503,
      body: { error: 'drive_unavailable', message: expect.any(String) },
      headers: { 'Retry-After': '7' },
    });
    expect(driveCalls(h.fake)).toHaveLength(5);
  });

  it('retries server errors', async () => {
    h.fake.failNext(2);
    await expect(h.service.permissionsList(widget, DRIVE_IDS.welcomeDoc)).resolves.toBeDefined();
    expect(driveCalls(h.fake).map((c) => c.status)).toEqual([503, 503, 200]);
  });
});

describe('grants that end', () => {
  it('answers 401 reconnect_required once the owner removed access, and 401 not_connected after a disconnect', async () => {
    h.fake.revokeAllGrants();
    const revoked = await h.service.filesList(widget, { folderId: 'root', driveId: null }, null).catch((e: unknown) => e);
    expect(errorReply(revoked)).toMatchObject({ status: 401, body: { error: 'reconnect_required' } });
    const again = await h.service.about(widget).catch((e: unknown) => e);
    expect(errorReply(again)).toMatchObject({ status: 401, body: { error: 'reconnect_required' } });
    await h.grants.disconnect(widget);
    const gone = await h.service.about(widget).catch((e: unknown) => e);
    expect(errorReply(gone)).toMatchObject({ status: 401, body: { error: 'not_connected' } });
  });
});
