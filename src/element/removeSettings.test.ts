/** A deleted element's call against the mock backend, in the platform's current model. */
import type { Server } from 'miragejs';
import { createApiClient } from '../api/client';
import { defaultUserModel } from '../contract/userModel';
import { createWidgetKey } from '../contract/widgetKey';
import { ownerToken } from '../../mirage/fakeTokenInfo';
import { getRequestLog, makeServer } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { removeSettings } from './removeSettings';

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
