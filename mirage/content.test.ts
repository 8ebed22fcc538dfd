import type { Server } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import { checkShape, NativeContentSchema } from '../src/api/schemas';
import { isElementContentAnswer } from '../src/contract/elementContentAnswer';
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

  it("answers a spreadsheet as the server renders the fake drive's export: its visible sheets as tables, never the hidden one", async () => {
    await save({ ...DOC, activeFileId: DRIVE_IDS.budgetSheet, activeFileTitle: 'Budget 2026', activeFileMimeType: 'application/vnd.google-apps.spreadsheet' });
    const answer = await content();
    expect(checkShape(NativeContentSchema, answer.body).ok).toBe(true);
    const doc = new DOMParser().parseFromString(answer.body.content.html as string, 'text/html');
    expect(Array.from(doc.querySelectorAll('.dfw-sheet > h2'), (h) => h.textContent)).toEqual(['Prices', 'Benchmarks']);
    expect(doc.querySelectorAll('table')).toHaveLength(2);
    expect(doc.querySelector('td[rowspan="2"]')?.textContent).toBe('Coffee');
    expect(doc.body.innerHTML).not.toMatch(/HIDDEN-SHEET|Internal costs|google\.com\/url|row-headers/);
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

  it("refuses a shared document over the drive's 10 MB export limit (Q3 plan) with 422 content_unrenderable, as the server does", async () => {
    const q3Plan = DRIVE_IDS.q3Plan;
    await save({ ...DOC, activeFileId: q3Plan, activeFileTitle: 'Q3 plan' });
    // Private on the drive: nothing to show, as for any private file.
    expect((await content()).body).toEqual({ content: null });
    const share = { method: 'POST', body: JSON.stringify({ fileId: q3Plan, role: 'reader', type: 'anyone' }) };
    expect((await call(apiUrl(ROUTES.permissionsList, PANEL), share)).status).toBe(200);
    expect(await content()).toEqual({
      status: 422,
      body: { error: 'content_unrenderable', message: expect.stringMatching(/larger than its limit of 10 MB\..*drive's viewer\.$/) },
    });
  });

  it("refuses a visitor: only the owner's panel asks", async () => {
    await save(DOC);
    expect((await content({ ...PANEL, instance: VISITOR_INSTANCE })).status).toBe(403);
  });
});

describe('GET /content/current (the custom element)', () => {
  const KEY = '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f';
  const SITE = 'site-1';
  let store: ReturnType<typeof memoryStateStore>;
  beforeEach(() => {
    server.shutdown();
    store = memoryStateStore();
    server = makeServer({ environment: 'test', stateStore: store, connected: true });
  });
  /** The widget's stored model, as the current editor's panel saves it (settings keyed by the widget key). */
  function stored(model: Record<string, unknown>, site = SITE) {
    const state = store.load();
    state.users[`${site}:key:${KEY}`] = model;
    store.save(state);
  }
  const ask = (query: Record<string, string>) => call(`${ROUTES.elementContent}?${new URLSearchParams(query).toString()}`);
  const asked = (fileId: string = DRIVE_IDS.welcomeDoc) => ask({ widgetKey: KEY, fileId, version: '1' });

  it("answers the widget's public document, in the route's shape, to anyone", async () => {
    stored(DOC);
    const answer = await asked();
    expect(answer.status).toBe(200);
    expect(isElementContentAnswer(answer.body)).toBe(true);
    expect(answer.body.state).toBe('content');
    expect(answer.body.content).toMatchObject({ fileId: DRIVE_IDS.welcomeDoc, version: 1 });
    expect(answer.body.content.html.match(/<h[1-6][ >]/g)).toHaveLength(13);
  });

  it('answers none for a private file (in the model or on the drive) and a file the widget does not show', async () => {
    stored({ ...DOC, activeFilePerm: 'none' });
    expect((await asked()).body).toEqual({ state: 'none' });
    stored(DOC);
    expect((await asked(DRIVE_IDS.annualPdf)).body).toEqual({ state: 'none' });
    const state = store.load();
    state.permissions[DRIVE_IDS.welcomeDoc] = null;
    store.save(state);
    expect((await asked()).body).toEqual({ state: 'none' });
  });

  it('refuses an unknown key and bad input naming the field; answers a key from the site that first saved it only', async () => {
    expect((await asked()).body).toEqual({ error: 'unknown_widget', message: expect.stringContaining('widgetKey') });
    stored({ ...DOC, activeFilePerm: 'none' });
    stored(DOC, 'site-2');
    expect((await asked()).body).toEqual({ state: 'none' });
    const refused = await ask({ widgetKey: 'comp-1', fileId: DRIVE_IDS.welcomeDoc });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('widgetKey');
    expect((await ask({ widgetKey: KEY, fileId: DRIVE_IDS.welcomeDoc, version: '-1' })).body.message).toContain('version');
  });
});
