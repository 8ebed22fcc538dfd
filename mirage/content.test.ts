import type { Server } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import { checkShape, NativeContentSchema } from '../src/api/schemas';
import { DRIVE_IDS } from './drive';
import { makeServer } from './server';
import { memoryStateStore } from './state';
import { apiUrl, call, PANEL, VISITOR_INSTANCE } from './testHelpers';

let server: Server;
beforeEach(() => {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
});
afterEach(() => server.shutdown());

const DOC = {
  activeFileId: DRIVE_IDS.welcomeDoc,
  activeFilePerm: 'reader',
  activeFileTitle: 'Welcome',
  activeFileMimeType: 'application/vnd.google-apps.document',
};

let revision = 0;
async function save(user: Record<string, unknown>) {
  const body = new URLSearchParams({ user: JSON.stringify(user), revision: String(revision) });
  const answer = await call<{ revision: number }>(apiUrl(ROUTES.save, PANEL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body,
  });
  expect(answer.status).toBe(200);
  revision = answer.body.revision;
}
const content = (frame = PANEL) => call(apiUrl(ROUTES.nativeContent, frame));

beforeEach(() => (revision = 0));

describe('GET /api/content', () => {
  it("answers the stored model's public document, the reference export rebuilt by the server's converter, in the route's shape", async () => {
    await save({ ...DOC, activeFileTitle: 'Ignored <b>' });
    const answer = await content();
    expect(answer.status).toBe(200);
    expect(checkShape(NativeContentSchema, answer.body).ok).toBe(true);
    expect(answer.body.content.fileId).toBe(DRIVE_IDS.welcomeDoc);
    const html: string = answer.body.content.html;
    // What the server's rendering of the same export holds (server/test/native/nativePages.test.ts): 13 headings; no image (Mirage keeps none).
    expect(html.match(/<h[1-6][ >]/g)).toHaveLength(13);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/<img|<style|<script|googleusercontent|google\.com\/url/);
  });

  it('answers null for no file, the viewer, a private file (in the model or on the drive)', async () => {
    expect((await content()).body).toEqual({ content: null });
    await save({ ...DOC, display: 'viewer' });
    expect((await content()).body).toEqual({ content: null });
    await save({ ...DOC, activeFilePerm: 'none' });
    expect((await content()).body).toEqual({ content: null });
    await save(DOC);
    expect((await content()).body.content).not.toBeNull();
    expect((await call(apiUrl(ROUTES.permissionsList, PANEL, { fileId: DRIVE_IDS.welcomeDoc, permissionId: 'anyone' }), { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await content()).body).toEqual({ content: null });
  });

  it("refuses a visitor: only the owner's panel asks", async () => {
    await save(DOC);
    expect((await content({ ...PANEL, instance: VISITOR_INSTANCE })).status).toBe(403);
  });
});
