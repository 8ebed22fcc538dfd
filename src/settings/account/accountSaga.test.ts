import { DRIVE_IDS } from '../../../mirage/drive';
import { setMockSwitches } from '../../../mirage/server';
import { memoryStateStore } from '../../../mirage/state';
import { PANEL_ORIGIN, startPanel, type FakeWindow, type PanelHarness } from '../../../test/helpers/panelHarness';
import { holdCompletion, takeConnectTicket } from '../../../mirage/routes/connectTicket';
import { connectCompletionMessage } from '../../contract/connectCompletion';
import { memoryCookieJar } from '../../../test/helpers/memoryCookieJar';
import { accountActions } from './accountSlice';
import { folderOpened } from '../model';

// On Jest's fake clock: the sign-in window's polling and the waits below are clock time, not real time.
let panel: PanelHarness;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  panel.stop();
  jest.useRealTimers();
});
/** Lets `ms` of clock time pass (timers and promises run as they fall due). */
const clockPasses = (ms = 30) => jest.advanceTimersByTimeAsync(ms);
/** Waits until the panel has sent its blank sign-in window to the authenticate route with its ticket. */
const signInPage = (popup: FakeWindow) => panel.advanceUntil(() => popup.url !== 'about:blank', 60_000, 'the sign-in page');

describe('account', () => {
  it("shows the connected account's details from About", async () => {
    panel = startPanel();
    const { state: s } = await panel.advanceUntil((st) => st.account.status === 'connected');
    expect(s.account.about?.user).toMatchObject({ displayName: 'Ada Lovelace', emailAddress: 'ada@example.com' });
    expect(s.account.about?.user.picture?.url).toMatch(/^data:image\/svg\+xml/);
  });

  it('without an account: disconnected, and no listing is asked for', async () => {
    panel = startPanel({ mock: { connected: false } });
    await panel.advanceUntil((st) => st.account.status === 'disconnected');
    await clockPasses();
    expect(panel.requests({ path: '/api/files' })).toHaveLength(0);
    expect(panel.store.getState().files.status).toBe('idle');
  });

  it('connect opens a blank 874x600 window within the click, sends it to the authenticate route with a ticket alone; once the window hands over its code, the panel binds it, closes it, and the account, the list and the confirmation show', async () => {
    panel = startPanel({ mock: { connected: false } });
    await panel.advanceUntil((st) => st.account.status === 'disconnected');
    panel.dispatch(accountActions.connectClicked());
    const popup = panel.windows.opened[0]!;
    expect(popup).toMatchObject({ width: 874, height: 600, url: 'about:blank' });
    await signInPage(popup);
    const url = new URL(popup.url, PANEL_ORIGIN);
    expect(url.pathname).toBe('/api/authenticate');
    // No credential in the popup's address: the one-time ticket, asked for with the panel's instance, and nothing else.
    expect([...url.searchParams.keys()]).toEqual(['ticket']);
    expect(panel.requests({ method: 'POST', path: '/api/connect-ticket' })).toMatchObject([{ status: 200, query: { origCompId: 'comp-kx81r2aq' } }]);
    await clockPasses(20);
    expect(panel.store.getState().account.status).toBe('disconnected');
    popup.allow();
    const { state: s } = await panel.advanceUntil((st) => st.files.status === 'ready');
    expect(popup.closed).toBe(true);
    expect(panel.requests({ method: 'POST', path: '/api/connect-complete' }).map((r) => r.status)).toEqual([204]);
    expect(s.account.status).toBe('connected');
    expect(s.account.connecting).toBe(false);
    expect(s.files.items.length).toBeGreaterThan(0);
    expect(s.ui.popups.connected).toBe(true);
    expect(panel.windows.listening()).toBe(0);
  });

  it('a code from another origin, or from a window the panel did not open, is ignored: nothing is bound', async () => {
    const stateStore = memoryStateStore({ connected: false });
    panel = startPanel({ mock: { stateStore, connected: false } });
    await panel.advanceUntil((st) => st.account.status === 'disconnected');
    panel.dispatch(accountActions.connectClicked());
    const popup = panel.windows.opened[0]!;
    await signInPage(popup);
    // A valid code for this very widget: only where it comes from is wrong.
    const ticket = takeConnectTicket(stateStore, new URL(popup.url, PANEL_ORIGIN).searchParams.get('ticket'))!;
    const code = holdCompletion(stateStore, ticket);
    popup.post(connectCompletionMessage(code), { origin: 'https://attacker.example' });
    popup.post(connectCompletionMessage(code), { source: { postMessage() {} } });
    popup.post({ type: 'something-else', completion: code });
    await clockPasses(200);
    expect(panel.requests({ path: '/api/connect-complete' })).toHaveLength(0);
    expect(popup.closed).toBe(false);
    expect(panel.store.getState().account).toMatchObject({ status: 'disconnected', connecting: true });
    popup.close();
    const { state: s } = await panel.advanceUntil((st) => !st.account.connecting);
    await clockPasses();
    expect(s.account.status).toBe('disconnected');
    expect(panel.requests({ path: '/api/connect-complete' })).toHaveLength(0);
    expect(stateStore.load().connected).toBe(false);
  });

  it('a code the server refuses (the sign-in was begun for another widget) is said, and nothing is connected', async () => {
    const stateStore = memoryStateStore({ connected: false });
    panel = startPanel({ mock: { stateStore, connected: false } });
    await panel.advanceUntil((st) => st.account.status === 'disconnected');
    panel.dispatch(accountActions.connectClicked());
    const popup = panel.windows.opened[0]!;
    await signInPage(popup);
    const theirs = holdCompletion(stateStore, { key: 'site-other:comp-other', instanceId: 'site-other', expiresAt: Date.now() + 60_000 });
    popup.post(connectCompletionMessage(theirs));
    const { state: s } = await panel.advanceUntil((st) => st.account.connectError !== null);
    expect(s.account.connectError).toMatchObject({ status: 400, reason: 'connect_refused' });
    expect(s.account).toMatchObject({ status: 'disconnected', connecting: false });
    expect(s.ui.popups.connected).toBe(false);
    expect(popup.closed).toBe(true);
    expect(stateStore.load().connected).toBe(false);
  });

  it('a completion that gets no answer (the server fails) is said after the account is read again; nothing is connected', async () => {
    const stateStore = memoryStateStore({ connected: false });
    panel = startPanel({ mock: { stateStore, connected: false, failingPaths: ['/api/connect-complete'] } });
    await panel.advanceUntil((st) => st.account.status === 'disconnected');
    panel.dispatch(accountActions.connectClicked());
    await signInPage(panel.windows.opened[0]!);
    panel.windows.opened[0]!.allow();
    const { state: s } = await panel.advanceUntil((st) => st.account.connectError !== null);
    expect(s.account.connectError).toMatchObject({ status: 503, reason: 'unavailable' });
    expect(s.account).toMatchObject({ status: 'disconnected', connecting: false });
    expect(panel.requests({ path: '/api/about' }).map((r) => r.status)).toEqual([401, 401]);
    expect(s.ui.popups.connected).toBe(false);
  });

  it('a grant that ended before the panel opened shows "connect again"', async () => {
    panel = startPanel({ mock: { stateStore: memoryStateStore({ grantEnded: true }) } });
    const { state: s } = await panel.advanceUntil((st) => st.account.status === 'disconnected');
    expect(s.account.reconnect).toBe(true);
    await clockPasses();
    expect(panel.requests({ path: '/api/files' })).toHaveLength(0);
  });

  it('a grant that ends while the panel is open turns the next drive failure into "connect again", once', async () => {
    panel = startPanel();
    await panel.advanceUntil((st) => st.files.status === 'ready');
    setMockSwitches(panel.server, { grantEnded: true });
    panel.dispatch(folderOpened({ id: DRIVE_IDS.projects, title: 'Projects' }));
    const { state: s } = await panel.advanceUntil((st) => st.account.status === 'disconnected');
    expect(s.account.reconnect).toBe(true);
    await clockPasses();
    expect(panel.requests({ path: '/api/about' }).map((r) => r.status)).toEqual([200, 401]);
    expect(panel.requests({ path: '/api/files' }).filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('connecting again clears "connect again"', async () => {
    panel = startPanel({ mock: { stateStore: memoryStateStore({ grantEnded: true }) } });
    await panel.advanceUntil((st) => st.account.reconnect);
    panel.dispatch(accountActions.connectClicked());
    await signInPage(panel.windows.opened[0]!);
    panel.windows.opened[0]!.allow();
    const { state: s } = await panel.advanceUntil((st) => st.account.status === 'connected');
    expect(s.account.reconnect).toBe(false);
  });

  it('a closed window without granting leaves the panel disconnected', async () => {
    panel = startPanel({ mock: { connected: false } });
    await panel.advanceUntil((st) => st.account.status === 'disconnected');
    panel.dispatch(accountActions.connectClicked());
    await signInPage(panel.windows.opened[0]!);
    panel.windows.opened[0]!.close();
    const { state: s } = await panel.advanceUntil((st) => !st.account.connecting);
    await clockPasses();
    expect(s.account.status).toBe('disconnected');
    expect(s.ui.popups.connected).toBe(false);
    expect(panel.requests({ path: '/api/connect-complete' })).toHaveLength(0);
    expect(panel.requests({ path: '/api/files' })).toHaveLength(0);
    expect(panel.windows.listening()).toBe(0);
  });

  it('a blocked window gets a clear message', async () => {
    panel = startPanel({ mock: { connected: false }, blockWindows: true });
    await panel.advanceUntil((st) => st.account.status === 'disconnected');
    panel.dispatch(accountActions.connectClicked());
    const { state: s } = await panel.advanceUntil((st) => st.account.windowBlocked !== null);
    expect(s.account.windowBlocked).toBe('authenticate');
    expect(s.account.connecting).toBe(false);
  });

  it('disconnect POSTs, signals the editor and reloads the page', async () => {
    panel = startPanel();
    await panel.advanceUntil((st) => st.account.status === 'connected');
    panel.dispatch(accountActions.disconnectClicked());
    await clockPasses(50);
    expect(panel.requests({ method: 'POST', path: '/api/disconnect' })).toHaveLength(1);
    expect(panel.bridge.callsTo('settingsUpdated')).toContainEqual([{ type: 'disconnected' }]);
    expect(panel.windows.reloads()).toBe(1);
  });

  it('a failed disconnect is reported and nothing reloads', async () => {
    panel = startPanel();
    await panel.advanceUntil((st) => st.account.status === 'connected');
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(accountActions.disconnectClicked());
    const { state: s } = await panel.advanceUntil((st) => st.account.disconnectError !== null);
    expect(s.account.disconnecting).toBe(false);
    expect(s.account.disconnectError).toMatchObject({ code: 'http', status: 503, reason: 'unavailable' });
    expect(panel.windows.reloads()).toBe(0);
    expect(panel.bridge.callsTo('settingsUpdated')).toHaveLength(0);
  });

  it("the create-new-file button opens the drive's start page in a 1027x600 window", async () => {
    panel = startPanel();
    await panel.advanceUntil((st) => st.account.status === 'connected');
    panel.dispatch(accountActions.createFileClicked());
    await clockPasses();
    expect(panel.windows.opened[0]).toMatchObject({ width: 1027, height: 600, url: 'https://drive.google.com/drive/my-drive' });
  });

  it('after the create-new-file window closes, the listing is read again from the server', async () => {
    panel = startPanel();
    await panel.advanceUntil((st) => st.files.status === 'ready');
    const listings = () => panel.requests({ path: '/api/files' }).length;
    const before = listings();
    panel.dispatch(accountActions.createFileClicked());
    await clockPasses(40);
    expect(listings()).toBe(before);
    panel.windows.opened[0]!.close();
    await panel.advanceUntil((st) => st.files.status === 'ready' && listings() === before + 1, 2000, 'the refreshed listing');
  });

  it('cookie connected=true at start shows the confirmation popup and sets the cookie to false', async () => {
    const cookies = memoryCookieJar({ connected: 'true' });
    panel = startPanel({ cookies });
    const { state: s } = await panel.advanceUntil((st) => st.ui.popups.connected);
    expect(s.ui.popups.connected).toBe(true);
    expect(cookies.get('connected')).toBe('false');
  });

  it('any other cookie value shows no popup', async () => {
    const cookies = memoryCookieJar({ connected: 'false' });
    panel = startPanel({ cookies });
    await panel.advanceUntil((st) => st.account.status === 'connected');
    expect(panel.store.getState().ui.popups.connected).toBe(false);
  });
});
