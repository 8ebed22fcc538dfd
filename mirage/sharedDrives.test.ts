/**
 * Mirage stands for our server's drive routes as the server answers them against the drive:
 * shared drives as folders, a shared drive's folders listed with their `driveId` (no owners), a
 * file shared by link before 2021 reached only with its resource key, and the stage's short pages.
 */
import type { Server } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import { FileListSchema, checkShape } from '../src/api/schemas';
import { FOLDER_MIME } from '../src/drive/rules';
import { sharedDriveFolderQuery } from '../src/drive/query';
import { DRIVE_IDS, RESOURCE_KEYS, SHARED_DRIVES, type ApiFile } from './drive';
import { getMockSwitches, makeServer } from './server';
import { apiUrl, call, clientQuery, PANEL } from './testHelpers';

let server: Server;
afterEach(() => server?.shutdown());

it('lists the shared drives as folders, and a shared drive’s folder from that drive only', async () => {
  server = makeServer({ environment: 'test' });
  const drives = await call<{ items: ApiFile[] }>(apiUrl(ROUTES.sharedDrives, PANEL));
  expect(drives.body.items).toEqual(SHARED_DRIVES.map((d) => ({ id: d.id, title: d.name, mimeType: FOLDER_MIME })));
  const marketing = DRIVE_IDS.marketingDrive;
  const top = await call<{ items: ApiFile[] }>(apiUrl(ROUTES.filesList, PANEL, { q: sharedDriveFolderQuery(marketing), driveId: marketing }));
  expect(checkShape(FileListSchema, top.body).ok).toBe(true);
  expect(top.body.items.map((f) => f.title)).toEqual(['Campaigns', 'Brand guide', 'Hero banner.png', 'Press kit.pdf']);
  expect(top.body.items.every((f) => f.owners === undefined && f.driveId === marketing)).toBe(true);
  // My Drive's listing holds none of them; My Drive's query with a driveId is refused, as the server refuses it.
  const root = await call<{ items: ApiFile[] }>(apiUrl(ROUTES.filesList, PANEL, { q: clientQuery('root'), maxResults: '1000' }));
  expect(root.body.items.some((f) => f.driveId !== undefined)).toBe(false);
  expect((await call(apiUrl(ROUTES.filesList, PANEL, { q: clientQuery(marketing), driveId: marketing }))).status).toBe(400);
});

it('reaches a file shared by link before 2021 only with its resource key', async () => {
  server = makeServer({ environment: 'test' });
  const fileId = DRIVE_IDS.keyedHandbook;
  expect((await call(apiUrl(ROUTES.permissionsList, PANEL, { fileId }))).status).toBe(404);
  const read = await call<{ items: unknown[] }>(apiUrl(ROUTES.permissionsList, PANEL, { fileId, resourceKey: RESOURCE_KEYS[fileId]! }));
  expect(read.status).toBe(200);
  expect(read.body.items).toContainEqual({ id: 'anyone', role: 'reader', type: 'anyone' });
});

it('answers full pages unless short and empty ones are asked for, as production may answer', async () => {
  server = makeServer({ environment: 'test' });
  expect(getMockSwitches(server).pageSizes).toEqual([]);
  server.shutdown();
  server = makeServer({ environment: 'test', pageSizes: [30, 0] });
  expect(getMockSwitches(server).pageSizes).toEqual([30, 0]);
});
