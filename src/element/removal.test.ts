/**
 * A widget deleted in the current editor, against the mock backend: the element is handed its
 * access token the platform's way (`@wix/site`'s injector passes a function that returns a promise
 * of the token), and its removal deletes its settings with the token asked for at that moment.
 */
import { waitFor } from '@testing-library/react';
import type { CreateAuthStrategy } from '@wix/site';
import type { Server } from 'miragejs';
import { createApiClient } from '../api/client';
import { ELEMENT_ATTRIBUTES } from '../contract/elementAttributes';
import { defaultUserModel } from '../contract/userModel';
import { ELEMENT_PAGE_SITE, pendingDeletesKey } from '../contract/pendingDeletes';
import { createWidgetKey } from '../contract/widgetKey';
import { ownerToken } from '../../mirage/fakeTokenInfo';
import { getRequestLog, makeServer } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { defineDriveFileWidget } from './DriveFileWidgetElement';

/** What the platform calls an element's `accessTokenListener` with, by `@wix/site`'s own type. */
type PlatformInjector = ReturnType<ReturnType<CreateAuthStrategy>['getAccessTokenInjector']>;

const TAG = 'removal-drive-file-widget';
defineDriveFileWidget(customElements, TAG, '');
const SITE = 'site-instance-1';
const MODEL = { ...defaultUserModel(), activeFileId: 'file-a', activeFileMimeType: 'application/pdf', activeFilePerm: 'reader' as const };

let server: Server;
beforeEach(() => {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore(), connected: true });
});
afterEach(() => {
  server.shutdown();
  document.body.replaceChildren();
});

const ownerApi = (key: string) =>
  createApiClient({
    query: { instance: null, compId: null, origCompId: null },
    access: { params: { widgetKey: key }, headers: () => Promise.resolve({ Authorization: ownerToken(SITE) }) },
  });

/** A saved widget's element in the editor, handed its token by `hand`, then deleted. */
async function deleteSavedWidget(hand: (listener: PlatformInjector) => void): Promise<string> {
  const key = createWidgetKey();
  await ownerApi(key).save(MODEL, { revision: 0 });
  const element = document.createElement(TAG) as HTMLElement & { accessTokenListener: PlatformInjector };
  element.setAttribute(ELEMENT_ATTRIBUTES.widgetKey, key);
  element.setAttribute(ELEMENT_ATTRIBUTES.viewMode, 'editor');
  document.body.append(element);
  hand(element.accessTokenListener);
  element.remove();
  return key;
}

const deleteOf = (key: string) => getRequestLog(server).find((r) => r.method === 'DELETE' && r.key === `${SITE}:key:${key}`);

it("handed a function as the platform does, the deleted widget's settings are removed", async () => {
  const asked = jest.fn(() => Promise.resolve(ownerToken(SITE)));
  const key = await deleteSavedWidget((listener) => listener(asked));
  await waitFor(() => expect(deleteOf(key)).toMatchObject({ status: 204 }), { timeout: 4000 });
  expect(asked).toHaveBeenCalled();
  expect((await ownerApi(key).loadUserModel({ fresh: true })).model).toEqual(defaultUserModel());
});

it('asks for the token when the request leaves, not when it was handed (tokens expire)', async () => {
  let current = 'not-a-token-yet';
  const key = await deleteSavedWidget((listener) => {
    listener(() => Promise.resolve(current));
    current = ownerToken(SITE);
  });
  await waitFor(() => expect(deleteOf(key)).toMatchObject({ status: 204 }), { timeout: 4000 });
});

it('still takes a token handed as a string', async () => {
  const key = await deleteSavedWidget((listener) => (listener as unknown as (token: string) => void)(ownerToken(SITE)));
  await waitFor(() => expect(deleteOf(key)).toMatchObject({ status: 204 }), { timeout: 4000 });
});

describe('a removal the page does not live to finish', () => {
  const KEPT = pendingDeletesKey(ELEMENT_PAGE_SITE);
  beforeEach(() => localStorage.clear());

  it('is kept in the page when it fails (here: refused, the token not yet valid)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const key = await deleteSavedWidget((listener) => listener(() => Promise.resolve('not-a-token')));
    await waitFor(() => expect(localStorage.getItem(KEPT)).toContain(key), { timeout: 4000 });
    expect(
      getRequestLog(server)
        .filter((r) => r.method === 'DELETE')
        .map((r) => r.status),
    ).toEqual([401]);
    expect((await ownerApi(key).loadUserModel({ fresh: true })).model).toEqual(MODEL);
    error.mockRestore();
  });

  it("the site's next element in the editor sends it with its own token; the entry goes", async () => {
    const gone = createWidgetKey();
    await ownerApi(gone).save(MODEL, { revision: 0 });
    localStorage.setItem(KEPT, JSON.stringify([{ widget: gone, at: Date.now() }]));
    const element = document.createElement(TAG) as HTMLElement & { accessTokenListener: PlatformInjector };
    element.setAttribute(ELEMENT_ATTRIBUTES.widgetKey, createWidgetKey());
    element.setAttribute(ELEMENT_ATTRIBUTES.viewMode, 'editor');
    document.body.append(element);
    element.accessTokenListener(() => Promise.resolve(ownerToken(SITE)));
    await waitFor(() => expect(localStorage.getItem(KEPT)).toBeNull(), { timeout: 4000 });
    expect(getRequestLog(server).filter((r) => r.method === 'DELETE')).toEqual([expect.objectContaining({ status: 204, key: `${SITE}:key:${gone}` })]);
    expect((await ownerApi(gone).loadUserModel({ fresh: true })).model).toEqual(defaultUserModel());
  });
});
