/** A deleted element's call against the mock backend, in the platform's current model. */
import type { Server } from 'miragejs';
import { createApiClient } from '../api/client';
import { defaultUserModel } from '../contract/userModel';
import { createWidgetKey } from '../contract/widgetKey';
import { ownerToken } from '../../mirage/fakeTokenInfo';
import { getRequestLog, makeServer, setMockSwitches } from '../../mirage/server';
import { ELEMENT_PAGE_SITE, pendingDeletesKey } from '../contract/pendingDeletes';
import { memoryStateStore } from '../../mirage/state';
import { elementPendingDeletes, finishElementPendingDeletes, removeSettings } from './removeSettings';

const SITE = 'site-instance-1';
let server: Server;
beforeEach(() => {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
});
afterEach(() => server.shutdown());

const MODEL = { ...defaultUserModel(), activeFileId: 'file-a', activeFileMimeType: 'application/pdf', activeFilePerm: 'reader' as const };

it("the deleted element's call removes its settings, with its key and token", async () => {
  const key = createWidgetKey();
  const owner = createApiClient({
    query: { instance: null, compId: null, origCompId: null },
    access: { params: { widgetKey: key }, headers: () => Promise.resolve({ Authorization: ownerToken(SITE) }) },
  });
  await owner.save(MODEL, { revision: 0 });
  await expect(removeSettings(key, '', ownerToken(SITE))).resolves.toBe(true);
  expect(getRequestLog(server).at(-1)).toMatchObject({ method: 'DELETE', status: 204, key: `${SITE}:key:${key}` });
  expect((await owner.loadUserModel({ fresh: true })).model).toEqual(defaultUserModel());
});

it('without a token the call is refused, said in the console, and the settings stay', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await expect(removeSettings(createWidgetKey(), '', null)).resolves.toBe(false);
  expect(error).toHaveBeenCalledWith(expect.stringMatching(/could not be removed \(attempt 1, /));
  error.mockRestore();
});

describe('a removal the page does not live to finish', () => {
  const kept = () => JSON.parse(localStorage.getItem(pendingDeletesKey(ELEMENT_PAGE_SITE)) ?? '[]') as Array<{ widget: string }>;
  const deletesOf = (key: string) => getRequestLog(server).filter((r) => r.method === 'DELETE' && r.key === `${SITE}:key:${key}`);
  beforeEach(() => localStorage.clear());

  async function savedKey() {
    const key = createWidgetKey();
    const owner = createApiClient({
      query: { instance: null, compId: null, origCompId: null },
      access: { params: { widgetKey: key }, headers: () => Promise.resolve({ Authorization: ownerToken(SITE) }) },
    });
    await owner.save(MODEL, { revision: 0 });
    return { key, owner };
  }

  it('is kept in the page; the next element of the site in the editor sends it with its own token', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { key, owner } = await savedKey();
    setMockSwitches(server, { failingPaths: ['/api/settings'] });
    await expect(removeSettings(key, '', ownerToken(SITE), { pending: elementPendingDeletes(), widget: key }, [5])).resolves.toBe(false);
    expect(kept().map((e) => e.widget)).toEqual([key]);
    expect(JSON.stringify(localStorage)).not.toContain(ownerToken(SITE));

    setMockSwitches(server, { failingPaths: [] });
    await finishElementPendingDeletes(
      () => false,
      '',
      () => Promise.resolve(ownerToken(SITE)),
      undefined,
      [5],
    );
    expect(deletesOf(key).map((r) => r.status)).toEqual([503, 503, 204]);
    expect(kept()).toEqual([]);
    expect((await owner.loadUserModel({ fresh: true })).model).toEqual(defaultUserModel());
    error.mockRestore();
    warn.mockRestore();
  });

  it('never deletes a widget alive on the page', async () => {
    const { key, owner } = await savedKey();
    localStorage.setItem(pendingDeletesKey(ELEMENT_PAGE_SITE), JSON.stringify([{ widget: key, at: Date.now() }]));
    await finishElementPendingDeletes(
      (k) => k === key,
      '',
      () => Promise.resolve(ownerToken(SITE)),
      undefined,
      [5],
    );
    expect(deletesOf(key)).toEqual([]);
    expect((await owner.loadUserModel({ fresh: true })).model).toEqual(MODEL);
  });

  it("another site's token cannot delete the widget: the server refuses it and the entry stays", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { key, owner } = await savedKey();
    localStorage.setItem(pendingDeletesKey(ELEMENT_PAGE_SITE), JSON.stringify([{ widget: key, at: Date.now() }]));
    await finishElementPendingDeletes(
      () => false,
      '',
      () => Promise.resolve(ownerToken('site-instance-2')),
      undefined,
      [5],
    );
    expect(
      getRequestLog(server)
        .filter((r) => r.method === 'DELETE')
        .map((r) => r.status),
    ).toEqual([409]);
    expect(kept().map((e) => e.widget)).toEqual([key]);
    expect((await owner.loadUserModel({ fresh: true })).model).toEqual(MODEL);
    error.mockRestore();
  });
});
