import { readFileSync } from 'fs';
import { join } from 'path';
import { getByRole, getByText } from '@testing-library/dom';
import { AUTHENTICATE_QUESTION, mountAuthenticatePage, NO_TICKET, type PageOpener } from './authenticate';
import { connectedCookie } from './http';
import { localStorageStateStore, memoryStateStore, type StateStore } from './state';
import { makeServer } from './server';
import { ROUTES } from '../src/api/routes';
import { connectCompletionMessage } from '../src/contract/connectCompletion';
import { apiUrl, call, clientQuery, OWNER_INSTANCE, PANEL, VISITOR_INSTANCE, WIDGET_COMP_ID } from './testHelpers';

const SITE = '9f1c2d3e-0000-4a5b-8c7d-123456789abc';
const PANEL_KEY = `${SITE}:${WIDGET_COMP_ID}`;

function clearCookie(name: string) {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** A ticket the panel's credential got for its widget (as the connect-ticket route issues it), in the page's address. */
function openWithTicket(store: StateStore, key = PANEL_KEY): string {
  const ticket = 'T'.repeat(42) + String(Math.floor(Math.random() * 10));
  const state = store.load();
  state.connectTickets[ticket] = { key, instanceId: key.split(':')[0]!, expiresAt: Date.now() + 60_000 };
  store.save(state);
  window.history.replaceState(null, '', `/api/authenticate?ticket=${ticket}`);
  return ticket;
}

/** An opener that records what the page posts to it. */
function recordingOpener() {
  const posted: { data: unknown; targetOrigin: string }[] = [];
  const opener: PageOpener = { postMessage: ((data: unknown, targetOrigin: string) => void posted.push({ data, targetOrigin })) as Window['postMessage'] };
  return { opener, posted };
}

beforeEach(() => {
  document.body.innerHTML = '<div id="authenticate-root" data-mock-auth></div>';
  window.history.replaceState(null, '', '/api/authenticate');
  clearCookie('connected');
  localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the authenticate page', () => {
  it('asks for access, names the account and the site its ticket is for, and offers Allow and Cancel buttons', () => {
    const store = memoryStateStore();
    openWithTicket(store);
    mountAuthenticatePage(document, store, { close: () => undefined, opener: null });
    const root = document.querySelector<HTMLElement>('[data-mock-auth]')!;
    expect(getByRole(root, 'heading', { name: AUTHENTICATE_QUESTION })).toBeInTheDocument();
    expect(AUTHENTICATE_QUESTION).toBe('Grant Drive File Widget access to your drive?');
    expect(getByText(root, 'Ada Lovelace')).toBeInTheDocument();
    expect(getByText(root, 'ada@example.com')).toBeInTheDocument();
    expect(getByText(root, `Site (app instance): ${SITE}`)).toBeVisible();
    expect(getByRole(root, 'button', { name: 'Allow' })).toBeEnabled();
    expect(getByRole(root, 'button', { name: 'Cancel' })).toBeEnabled();
    expect(getByRole(root, 'button', { name: 'Allow' })).toHaveFocus();
  });

  it('Allow holds the grant for the ticket’s widget and hands the code to its opener, at its own origin; it connects nothing by itself', () => {
    jest.useFakeTimers();
    const store = memoryStateStore({ connected: false });
    openWithTicket(store);
    const { opener, posted } = recordingOpener();
    const close = jest.fn();
    mountAuthenticatePage(document, store, { close, opener });
    getByRole(document.body, 'button', { name: 'Allow' }).click();
    const [completion] = Object.keys(store.load().connectCompletions);
    expect(store.load().connectCompletions[completion!]).toMatchObject({ key: PANEL_KEY, instanceId: SITE });
    expect(posted).toEqual([{ data: connectCompletionMessage(completion!), targetOrigin: window.location.origin }]);
    expect(store.load().connected).toBe(false);
    expect(document.cookie).not.toContain('connected=true');
    expect(getByRole(document.body, 'heading', { name: 'Connecting your drive' })).toBeInTheDocument();
    // The panel that opened it closes it; one that does not (no panel of ours) leaves it saying nothing was connected.
    jest.advanceTimersByTime(5000);
    expect(getByRole(document.body, 'heading', { name: 'Nothing was connected' })).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
  });

  it('opened by no page (a link), Allow says that nothing was connected and hands the code to no one', () => {
    const store = memoryStateStore({ connected: false });
    openWithTicket(store);
    mountAuthenticatePage(document, store, { close: () => undefined, opener: null });
    getByRole(document.body, 'button', { name: 'Allow' }).click();
    expect(getByRole(document.body, 'heading', { name: 'Nothing was connected' })).toBeInTheDocument();
    expect(getByText(document.body, /not started from your site's editor in this browser/)).toBeInTheDocument();
    expect(getByRole(document.body, 'button', { name: 'Allow', hidden: true })).not.toBeVisible();
    expect(store.load().connected).toBe(false);
  });

  it('Cancel only closes the window', () => {
    const store = memoryStateStore({ connected: false });
    openWithTicket(store);
    const close = jest.fn();
    mountAuthenticatePage(document, store, { close, opener: recordingOpener().opener });
    getByRole(document.body, 'button', { name: 'Cancel' }).click();
    expect(close).toHaveBeenCalledTimes(1);
    expect(store.load().connectCompletions).toEqual({});
    expect(store.load().connected).toBe(false);
  });

  it("plays the server's protocol with the frames' mock servers through localStorage: the panel binds the code with its own credential, another widget's panel cannot", async () => {
    const server = makeServer({ environment: 'test', stateStore: localStorageStateStore(), connected: false });
    try {
      const q = { q: clientQuery('root'), maxResults: '50' };
      expect((await call(apiUrl(ROUTES.filesList, PANEL, q))).status).toBe(401);
      const { body } = await call<{ ticket: string }>(apiUrl(ROUTES.connectTicket, PANEL), { method: 'POST' });
      window.history.replaceState(null, '', `/api/authenticate?ticket=${body.ticket}`);
      const { opener, posted } = recordingOpener();
      mountAuthenticatePage(document, localStorageStateStore(), { close: () => undefined, opener });
      getByRole(document.body, 'button', { name: 'Allow' }).click();
      const { completion } = posted[0]!.data as { completion: string };
      const finish = (frame = PANEL) =>
        call(apiUrl(ROUTES.connectComplete, frame), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ completion }) });
      expect(await finish({ ...PANEL, origCompId: 'comp-another' })).toMatchObject({ status: 400, body: { error: 'connect_refused' } });
      // Dropped by the refused claim: the panel presses Connect again.
      expect((await finish()).status).toBe(400);
      expect((await call(apiUrl(ROUTES.filesList, PANEL, q))).status).toBe(401);

      const again = await call<{ ticket: string }>(apiUrl(ROUTES.connectTicket, PANEL), { method: 'POST' });
      document.body.innerHTML = '<div data-mock-auth></div>';
      window.history.replaceState(null, '', `/api/authenticate?ticket=${again.body.ticket}`);
      const second = recordingOpener();
      mountAuthenticatePage(document, localStorageStateStore(), { close: () => undefined, opener: second.opener });
      getByRole(document.body, 'button', { name: 'Allow' }).click();
      const code = (second.posted[0]!.data as { completion: string }).completion;
      const bound = await call(apiUrl(ROUTES.connectComplete, PANEL), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ completion: code }),
      });
      expect(bound.status).toBe(204);
      expect((await call(apiUrl(ROUTES.filesList, PANEL, q))).status).toBe(200);
    } finally {
      server.shutdown();
    }
  });

  it.each([
    ['no ticket', '/api/authenticate'],
    ['a legacy instance (a reusable credential)', `/api/authenticate?instance=${OWNER_INSTANCE}&compId=tpaSettings&origCompId=comp-1`],
    ["a visitor's instance", `/api/authenticate?instance=${VISITOR_INSTANCE}&compId=tpaSettings`],
    ['a ticket never issued', `/api/authenticate?ticket=${'A'.repeat(43)}`],
  ])('opened with %s, it keeps Allow disabled and says why', (_case, address) => {
    window.history.replaceState(null, '', address);
    const store = memoryStateStore({ connected: false });
    const { opener, posted } = recordingOpener();
    mountAuthenticatePage(document, store, { close: jest.fn(), opener });
    const allow = getByRole(document.body, 'button', { name: 'Allow' });
    expect(allow).toBeDisabled();
    expect(getByRole(document.body, 'alert')).toHaveTextContent(NO_TICKET);
    allow.click();
    expect(posted).toEqual([]);
    expect(store.load().connectCompletions).toEqual({});
  });

  it('a ticket opens the page once', () => {
    const store = memoryStateStore();
    openWithTicket(store);
    mountAuthenticatePage(document, store, { close: () => undefined, opener: null }).unmount();
    mountAuthenticatePage(document, store, { close: () => undefined, opener: null });
    expect(getByRole(document.body, 'button', { name: 'Allow' })).toBeDisabled();
  });

  it('shows no alert with a valid ticket', () => {
    const store = memoryStateStore();
    openWithTicket(store);
    mountAuthenticatePage(document, store, { close: () => undefined, opener: null });
    expect(document.querySelector('[role="alert"]')).not.toBeVisible();
  });

  it('unmounts cleanly', () => {
    const page = mountAuthenticatePage(document, memoryStateStore(), { close: () => undefined, opener: null });
    page.unmount();
    expect(document.querySelector('button')).toBeNull();
  });

  it('the connected cookie the completion sets is SameSite=None; Secure on https only', () => {
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
