import type { Server } from 'miragejs';
import { ROUTES } from '../src/api/routes';
import { parseUserModel } from '../src/api/parseUserModel';
import { readUserModel, type UserModelInput } from '../src/contract/userModel';
import { modelFor } from '../src/contract/visitorView';
import { DRIVE_IDS } from './drive';
import { encodeInstance } from './instance';
import { makeServer } from './server';
import { localStorageStateStore, memoryStateStore, type StateStore } from './state';
import { apiUrl, call, OWNER_INSTANCE, PANEL, VISITOR_INSTANCE, WIDGET, WIDGET_COMP_ID, type FrameParams, tracked } from './testHelpers';

const MODEL: UserModelInput = {
  activeFileId: 'file-1',
  activeFilePerm: 'reader',
  breadcrumb: [{ id: 'root', title: 'My Drive' }],
  locale: 'de',
  cornerRadiusTopLeft: 8,
};

/** The model as the contract reads `input`: what a backend answers for a stored `input`. */
const full = (input: UserModelInput = {}) => readUserModel(input).model;

/** Saves on top of the revision given, or else the current one (read first, as the client knows it). */
const save = async (frame: FrameParams, user: unknown | undefined, revision?: number) => {
  const body = new URLSearchParams();
  if (user !== undefined) body.set('user', typeof user === 'string' ? user : JSON.stringify(user));
  const base = revision ?? ((await readUser(frame)).body as { revision?: number } | undefined)?.revision ?? 0;
  body.set('revision', String(base));
  return call(apiUrl(ROUTES.save, frame), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body,
  });
};
function readUser(frame: FrameParams) {
  return call(apiUrl(ROUTES.userModel, frame));
}
/** The answer without the revision: the owner's model only. */
const readModel = async (frame: FrameParams) => {
  const { revision: _revision, ...model } = (await readUser(frame)).body as Record<string, unknown>;
  return model;
};
const deleteSettings = (frame: FrameParams) =>
  call(apiUrl(ROUTES.delete, frame), { method: 'DELETE', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
const disconnect = (frame: FrameParams) => call(apiUrl(ROUTES.disconnect, frame), { method: 'POST' });

let server: Server | undefined;
let store: StateStore;
beforeEach(() => {
  store = memoryStateStore();
});
afterEach(() => {
  jest.restoreAllMocks();
  server?.shutdown();
  server = undefined;
});

describe('user model: save, read, delete', () => {
  beforeEach(() => {
    server = makeServer({ environment: 'test', stateStore: store });
  });

  it('answers revision 0 and no fields before anything is saved', async () => {
    expect(await readUser(WIDGET)).toEqual({ status: 200, body: { ...full(), revision: 0 } });
  });

  it('saves from the panel (origCompId) and reads it back in the widget (compId), with the new revision', async () => {
    expect(await save(PANEL, MODEL)).toEqual({ status: 200, body: { revision: 1 } });
    expect(await readUser(WIDGET)).toEqual({ status: 200, body: { ...full(MODEL), revision: 1 } });
    expect(await readUser(PANEL)).toEqual({ status: 200, body: { ...full(MODEL), revision: 1 } });
    expect(parseUserModel((await readUser(WIDGET)).body).locale).toBe('de');
    expect(Object.keys(store.load().users)).toEqual([`9f1c2d3e-0000-4a5b-8c7d-123456789abc:${WIDGET_COMP_ID}`]);
  });

  it('keeps models apart per component and per instance', async () => {
    await save(PANEL, MODEL);
    expect(await readModel({ ...WIDGET, compId: 'comp-other' })).toEqual(full());
    const otherSite = encodeInstance({ instanceId: 'another-site', permissions: 'OWNER' });
    expect(await readModel({ ...WIDGET, instance: otherSite })).toEqual(full());
    expect(await readModel({ ...WIDGET, instance: VISITOR_INSTANCE })).toEqual(modelFor(full(MODEL), false));
  });

  it('replaces the model on a later save on the current revision', async () => {
    await save(PANEL, MODEL);
    expect(await save(WIDGET, { ...MODEL, locale: 'fr' }, 1)).toEqual({ status: 200, body: { revision: 2 } });
    expect((await readUser(PANEL)).body).toEqual({ ...full({ ...MODEL, locale: 'fr' }), revision: 2 });
  });

  it('refuses a save built on an older revision (409 stale_revision), overwriting nothing', async () => {
    await save(PANEL, MODEL, 0);
    await save(PANEL, { ...MODEL, locale: 'fr' }, 1);
    const stale = await save(PANEL, { ...MODEL, locale: 'it' }, 1);
    expect(stale).toEqual({ status: 409, body: { error: 'stale_revision', message: expect.any(String), revision: 2 } });
    expect((await readUser(PANEL)).body).toEqual({ ...full({ ...MODEL, locale: 'fr' }), revision: 2 });
  });

  it('answers 400 missing_component to a save or delete that names no widget, storing nothing', async () => {
    for (const frame of [
      { ...PANEL, origCompId: null },
      { ...WIDGET, compId: null },
    ]) {
      expect(await save(frame, MODEL, 0)).toEqual({ status: 400, body: { error: 'missing_component', message: expect.any(String) } });
      expect((await deleteSettings(frame)).status).toBe(400);
    }
    expect(store.load().users).toEqual({});
  });

  it.each([
    ['missing', undefined, 'invalid_user'],
    ['not JSON', '{locale:', 'malformed_json'],
    ['an array', [1, 2], 'invalid_user'],
    ['null', null, 'invalid_user'],
    ['a string', '"de"', 'invalid_user'],
  ])('answers 400 naming the field user when user is %s', async (_, user, error) => {
    const answer = await save(PANEL, user);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error, message: expect.stringMatching(/^body\/user /) });
    expect(store.load().users).toEqual({});
  });

  it('deletes the model of the component (204), leaving others', async () => {
    await save(PANEL, MODEL);
    await save({ ...WIDGET, compId: 'comp-other' }, { locale: 'it' });
    expect(await deleteSettings(WIDGET)).toEqual({ status: 204, body: undefined });
    // As the server: the settings go, and the revision goes up (saved at 1, deleted at 2), so a save on an old revision cannot bring them back.
    expect((await readUser(PANEL)).body).toEqual({ ...full(), revision: 2 });
    expect((await save(PANEL, MODEL, 1)).status).toBe(409);
    expect(await readModel({ ...WIDGET, compId: 'comp-other' })).toEqual(full({ locale: 'it' }));
  });

  it('answers 403 to a non-owner instance for save, delete and disconnect, changing nothing', async () => {
    await save(PANEL, MODEL);
    const visitor = { ...WIDGET, instance: VISITOR_INSTANCE };
    const forbidden = { status: 403, body: { error: 'forbidden', message: expect.any(String) } };
    expect(await save(visitor, { locale: 'ru' })).toEqual(forbidden);
    expect(await deleteSettings(visitor)).toEqual(forbidden);
    expect(await disconnect(visitor)).toEqual(forbidden);
    const undecodable = { ...WIDGET, instance: 'sig.%%%not-base64' };
    expect(await save(undecodable, { locale: 'ru' })).toEqual(forbidden);
    expect(await readModel(WIDGET)).toEqual(full(MODEL));
    expect(store.load().connected).toBe(true);
  });

  it('treats a page without an instance (outside any editor) as a visitor, never the owner', async () => {
    const outside = { instance: null, compId: WIDGET_COMP_ID, origCompId: null };
    expect((await save(outside, { locale: 'ja' })).status).toBe(403);
    expect((await deleteSettings(outside)).status).toBe(403);
    expect(store.load().users).toEqual({});
  });

  it('disconnects (204): drive calls then answer 401', async () => {
    expect(await disconnect(PANEL)).toEqual({ status: 204, body: undefined });
    expect(store.load().connected).toBe(false);
    expect((await call(apiUrl(ROUTES.about, PANEL))).status).toBe(401);
    expect((await readUser(PANEL)).status).toBe(200);
  });
});

describe('state shared between frames', () => {
  it('shares saves between two servers on one store (settings panel and widget frames)', async () => {
    // Two frames each run a server; in one jsdom window the second one wraps the first (Pretender warns).
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const widgetFrame = makeServer({ environment: 'test', stateStore: store });
    const panelFrame = makeServer({ environment: 'test', stateStore: store }); // now intercepts requests
    try {
      expect((await save(PANEL, MODEL, 0)).status).toBe(200);
      expect(
        (
          await call(apiUrl(ROUTES.permissionsList, PANEL), {
            method: 'POST',
            body: JSON.stringify({ fileId: DRIVE_IDS.q3, role: 'reader', type: 'anyone' }),
          })
        ).status,
      ).toBe(200);
      expect(tracked(panelFrame).handledRequests).toHaveLength(2);
    } finally {
      panelFrame.shutdown(); // the widget frame's server intercepts again
    }
    try {
      expect(await readUser(WIDGET)).toEqual({ status: 200, body: { ...full(MODEL), revision: 1 } });
      const perms = await call(apiUrl(ROUTES.permissionsList, WIDGET, { fileId: DRIVE_IDS.q3, fields: 'items(role,type)' }));
      expect(perms.body.items).toContainEqual({ role: 'reader', type: 'anyone' });
      expect(tracked(widgetFrame).handledRequests).toHaveLength(2);
    } finally {
      widgetFrame.shutdown();
    }
  });

  it('reads the store on every request, so a change made elsewhere shows at once', async () => {
    server = makeServer({ environment: 'test', stateStore: store });
    expect(await readModel(WIDGET)).toEqual(full());
    const state = store.load();
    state.users[`9f1c2d3e-0000-4a5b-8c7d-123456789abc:${WIDGET_COMP_ID}`] = { locale: 'ko' };
    state.connected = false;
    store.save(state);
    expect(await readModel(WIDGET)).toEqual(full({ locale: 'ko' }));
    expect((await call(apiUrl(ROUTES.about, WIDGET))).status).toBe(401);
  });

  it('keeps state in localStorage across servers (frames and reloads)', async () => {
    localStorage.clear();
    server = makeServer({ environment: 'test', stateStore: localStorageStateStore() });
    await save(PANEL, MODEL);
    await disconnect(PANEL);
    server.shutdown();
    expect(JSON.parse(localStorage.getItem('mirage:state') ?? 'null')).toEqual(
      expect.objectContaining({ connected: false, users: { [`9f1c2d3e-0000-4a5b-8c7d-123456789abc:${WIDGET_COMP_ID}`]: full(MODEL) } }),
    );
    server = makeServer({ environment: 'test', stateStore: localStorageStateStore() });
    expect((await readUser(WIDGET)).body).toEqual({ ...full(MODEL), revision: 1 });
    expect((await call(apiUrl(ROUTES.filesList, WIDGET, { q: "'root' in parents" }))).status).toBe(401);
    localStorage.clear();
  });

  it('survives a corrupt stored value', async () => {
    localStorage.setItem('mirage:state', '{not json');
    server = makeServer({ environment: 'test', stateStore: localStorageStateStore() });
    expect(await readUser({ instance: OWNER_INSTANCE, compId: 'x', origCompId: null })).toEqual({ status: 200, body: { ...full(), revision: 0 } });
    localStorage.clear();
  });
});
