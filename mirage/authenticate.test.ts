import { readFileSync } from 'fs';
import { join } from 'path';
import { getByRole, getByText } from '@testing-library/dom';
import { AUTHENTICATE_QUESTION, connectedCookie, mountAuthenticatePage } from './authenticate';
import { localStorageStateStore, memoryStateStore } from './state';
import { encodeInstance } from './instance';
import { makeServer } from './server';
import { ROUTES } from '../src/api/routes';
import { apiUrl, call, clientQuery, OWNER_INSTANCE, PANEL, VISITOR_INSTANCE } from './testHelpers';

function clearCookie(name: string) {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

beforeEach(() => {
  document.body.innerHTML = '<div id="authenticate-root" data-mock-auth></div>';
  window.history.replaceState(null, '', `/api/authenticate?instance=${OWNER_INSTANCE}&compId=tpaSettings&origCompId=comp-1`);
  clearCookie('connected');
  localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('the authenticate page', () => {
  it('asks for access, names the account and offers Allow and Cancel buttons', () => {
    mountAuthenticatePage(document, memoryStateStore(), { close: () => undefined });
    const root = document.querySelector<HTMLElement>('[data-mock-auth]');
    if (!root) throw new Error('no root');
    expect(getByRole(root, 'heading', { name: AUTHENTICATE_QUESTION })).toBeInTheDocument();
    expect(AUTHENTICATE_QUESTION).toBe('Grant Drive File Widget access to your drive?');
    expect(getByText(root, 'Ada Lovelace')).toBeInTheDocument();
    expect(getByText(root, 'ada@example.com')).toBeInTheDocument();
    expect(getByRole(root, 'button', { name: 'Allow' })).toBeEnabled();
    expect(getByRole(root, 'button', { name: 'Cancel' })).toBeEnabled();
    expect(getByRole(root, 'button', { name: 'Allow' })).toHaveFocus();
  });

  it('Allow connects the drive in the store, sets the connected cookie and closes the window', () => {
    const store = memoryStateStore({ connected: false });
    const close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
    mountAuthenticatePage(document, store);
    getByRole(document.body, 'button', { name: 'Allow' }).click();
    expect(store.load().connected).toBe(true);
    expect(document.cookie.split('; ')).toContain('connected=true');
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('Cancel only closes the window', () => {
    const store = memoryStateStore({ connected: false });
    const close = jest.fn();
    mountAuthenticatePage(document, store, { close });
    getByRole(document.body, 'button', { name: 'Cancel' }).click();
    expect(close).toHaveBeenCalledTimes(1);
    expect(store.load().connected).toBe(false);
    expect(document.cookie).not.toContain('connected=true');
  });

  it("connects the frames' mock servers through localStorage", async () => {
    const server = makeServer({ environment: 'test', stateStore: localStorageStateStore(), connected: false });
    try {
      const q = { q: clientQuery('root'), maxResults: '50' };
      expect((await call(apiUrl(ROUTES.filesList, PANEL, q))).status).toBe(401);
      mountAuthenticatePage(document, localStorageStateStore(), { close: () => undefined });
      getByRole(document.body, 'button', { name: 'Allow' }).click();
      expect((await call(apiUrl(ROUTES.filesList, PANEL, q))).status).toBe(200);
    } finally {
      server.shutdown();
    }
  });

  it('keeps Allow disabled for an instance that is not the owner', () => {
    window.history.replaceState(null, '', `/api/authenticate?instance=${VISITOR_INSTANCE}&compId=tpaSettings`);
    const store = memoryStateStore({ connected: false });
    const close = jest.fn();
    mountAuthenticatePage(document, store, { close });
    const allow = getByRole(document.body, 'button', { name: 'Allow' });
    expect(allow).toBeDisabled();
    expect(getByRole(document.body, 'alert')).toHaveTextContent("Only the site's owner can connect a drive.");
    allow.click();
    expect(store.load().connected).toBe(false);
    expect(close).not.toHaveBeenCalled();
  });

  it('shows no alert for an owner instance', () => {
    const owner = encodeInstance({ instanceId: 'site-1', permissions: 'OWNER' });
    window.history.replaceState(null, '', `/api/authenticate?instance=${owner}`);
    mountAuthenticatePage(document, memoryStateStore(), { close: () => undefined });
    expect(document.querySelector('[role="alert"]')).not.toBeVisible();
  });

  it('unmounts cleanly', () => {
    const page = mountAuthenticatePage(document, memoryStateStore(), { close: () => undefined });
    page.unmount();
    expect(document.querySelector('button')).toBeNull();
  });

  it('marks the cookie SameSite=None; Secure on https only', () => {
    expect(connectedCookie('https:')).toBe('connected=true; path=/; SameSite=None; Secure');
    expect(connectedCookie('http:')).toBe('connected=true; path=/');
  });
});

describe('the authenticate entry and template', () => {
  it('mounts only where a data-mock-auth element exists', () => {
    document.body.innerHTML = '<div id="app"></div>';
    jest.isolateModules(() => {
      require('./authenticateEntry');
    });
    expect(document.querySelector('button')).toBeNull();

    document.body.innerHTML = '<div data-mock-auth></div>';
    jest.isolateModules(() => {
      require('./authenticateEntry');
    });
    expect(getByRole(document.body, 'button', { name: 'Allow' })).toBeInTheDocument();
  });

  it('has the page title and the root element', () => {
    const html = readFileSync(join(__dirname, 'authenticate.html'), 'utf8');
    expect(html).toContain('<title>Connect your drive</title>');
    expect(html).toMatch(/<div[^>]*data-mock-auth/);
  });
});
