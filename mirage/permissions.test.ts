import type { Server } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import { checkShape, PermissionListSchema } from '../src/api/schemas';
import { DRIVE_IDS } from './drive';
import { makeServer } from './server';
import { memoryStateStore, type StateStore } from './state';
import { apiUrl, call, PANEL, VISITOR_INSTANCE, WIDGET } from './testHelpers';

let server: Server;
let store: StateStore;
beforeEach(() => {
  store = memoryStateStore();
  server = makeServer({ environment: 'test', stateStore: store });
});
afterEach(() => server.shutdown());

const FIELDS = 'items(role, type)';
const read = (fileId: string, fields: string | null = FIELDS) =>
  call(apiUrl(ROUTES.permissionsList, PANEL, { fileId, ...(fields === null ? {} : { fields }) }));
const insert = (body: unknown, frame = PANEL) =>
  call(apiUrl(ROUTES.permissionsList, frame), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const remove = (fileId: string, permissionId = 'anyone', frame = PANEL) =>
  call(apiUrl(ROUTES.permissionsList, frame, { fileId, permissionId }), { method: 'DELETE' });

const OWNER_ONLY = { items: [{ role: 'owner', type: 'user' }] };

describe('GET /api/permissions', () => {
  it('answers only role and type when fields is items(role, type), with or without the space', async () => {
    const expected = {
      items: [
        { role: 'owner', type: 'user' },
        { role: 'reader', type: 'anyone' },
      ],
    };
    expect(await read(DRIVE_IDS.welcomeDoc)).toEqual({ status: 200, body: expected });
    expect(await read(DRIVE_IDS.welcomeDoc, 'items(role,type)')).toEqual({ status: 200, body: expected });
    expect(checkShape(PermissionListSchema, expected).ok).toBe(true);
  });

  it('includes ids without fields', async () => {
    expect((await read(DRIVE_IDS.budgetSheet, null)).body).toEqual({
      items: [
        { id: 'owner', role: 'owner', type: 'user' },
        { id: 'anyone', role: 'writer', type: 'anyone' },
      ],
    });
  });

  it('answers only the owner for a private file', async () => {
    expect(await read(DRIVE_IDS.q3)).toEqual({ status: 200, body: OWNER_ONLY });
  });

  it('answers 404 for an unknown file and 401 when not connected', async () => {
    expect((await read('no-such-file')).status).toBe(404);
    store.save({ ...store.load(), connected: false });
    expect(await read(DRIVE_IDS.welcomeDoc)).toEqual({ status: 401, body: { error: 'not_connected', message: expect.any(String) } });
  });
});

describe('POST /api/permissions', () => {
  it('inserts, then replaces, the anyone permission of a file', async () => {
    const file = DRIVE_IDS.annualPdf;
    expect(await insert({ fileId: file, role: 'writer', type: 'anyone' })).toEqual({
      status: 200,
      body: { id: 'anyone', role: 'writer', type: 'anyone' },
    });
    expect((await read(file)).body).toEqual({
      items: [
        { role: 'owner', type: 'user' },
        { role: 'writer', type: 'anyone' },
      ],
    });

    expect((await insert({ fileId: file, role: 'reader', type: 'anyone', withLink: true })).status).toBe(200);
    expect((await read(file)).body).toEqual({
      items: [
        { role: 'owner', type: 'user' },
        { role: 'reader', type: 'anyone' },
      ],
    });
    expect(store.load().permissions).toEqual({ [file]: 'reader' });
  });

  it('is seen by the other frame (the widget reads what the panel set)', async () => {
    await insert({ fileId: DRIVE_IDS.q3, role: 'reader', type: 'anyone' });
    const fromWidget = await call(apiUrl(ROUTES.permissionsList, WIDGET, { fileId: DRIVE_IDS.q3, fields: FIELDS }));
    expect(fromWidget.body).toEqual({
      items: [
        { role: 'owner', type: 'user' },
        { role: 'reader', type: 'anyone' },
      ],
    });
  });

  it.each([
    [{ fileId: DRIVE_IDS.annualPdf, role: 'owner', type: 'anyone' }],
    [{ fileId: DRIVE_IDS.annualPdf, role: 'commenter', type: 'anyone' }],
    [{ fileId: DRIVE_IDS.annualPdf, role: 'reader', type: 'user' }],
    [{ fileId: DRIVE_IDS.annualPdf, role: 'reader' }],
    [{ role: 'reader', type: 'anyone' }],
  ])('answers 400 for %j and changes nothing', async (body) => {
    const answer = await insert(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expect.objectContaining({ error: 'invalid_permission' }));
    expect((await read(DRIVE_IDS.annualPdf)).body).toEqual(OWNER_ONLY);
  });

  it('answers 400 for a body that is not JSON, 404 for an unknown file', async () => {
    const notJson = await call(apiUrl(ROUTES.permissionsList, PANEL), { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
    expect((await insert({ fileId: 'no-such-file', role: 'reader', type: 'anyone' })).status).toBe(404);
  });

  it('answers 403 to an instance that is not the owner', async () => {
    const visitor = { ...PANEL, instance: VISITOR_INSTANCE };
    expect(await insert({ fileId: DRIVE_IDS.annualPdf, role: 'writer', type: 'anyone' }, visitor)).toEqual({
      status: 403,
      body: { error: 'forbidden', message: expect.any(String) },
    });
    expect(await remove(DRIVE_IDS.welcomeDoc, 'anyone', visitor)).toEqual({ status: 403, body: { error: 'forbidden', message: expect.any(String) } });
    expect((await read(DRIVE_IDS.annualPdf)).body).toEqual(OWNER_ONLY);
    expect((await read(DRIVE_IDS.welcomeDoc)).body.items).toHaveLength(2);
  });
});

describe('DELETE /api/permissions', () => {
  it('removes the anyone permission (204), then answers 404 for it', async () => {
    expect(await remove(DRIVE_IDS.welcomeDoc)).toEqual({ status: 204, body: undefined });
    expect((await read(DRIVE_IDS.welcomeDoc)).body).toEqual(OWNER_ONLY);
    expect(store.load().permissions).toEqual({ [DRIVE_IDS.welcomeDoc]: null });
    expect((await remove(DRIVE_IDS.welcomeDoc)).status).toBe(404);
  });

  it("refuses to remove the owner's permission and answers 404 for an unknown file", async () => {
    expect((await remove(DRIVE_IDS.welcomeDoc, 'owner')).status).toBe(400);
    expect((await remove('no-such-file')).status).toBe(404);
  });

  it('restores a seeded permission by inserting it again', async () => {
    await remove(DRIVE_IDS.budgetSheet);
    await insert({ fileId: DRIVE_IDS.budgetSheet, role: 'writer', type: 'anyone' });
    expect(store.load().permissions).toEqual({});
    expect((await read(DRIVE_IDS.budgetSheet)).body.items[1]).toEqual({ role: 'writer', type: 'anyone' });
  });
});
