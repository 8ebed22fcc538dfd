/**
 * The account area and the connected-confirmation popup, driven as the owner uses them, against
 * the Mirage drive (real store, sagas and api client; windows and cookies are stand-ins).
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { Response } from 'miragejs';
import { setMockSwitches } from '../../../mirage/server';
import { memoryStateStore } from '../../../mirage/state';
import { PANEL_ORIGIN, type PanelHarness, type PanelHarnessOptions } from '../../../test/helpers/panelHarness';
import { holdCompletion } from '../../../mirage/routes/connectTicket';
import { connectCompletionMessage } from '../../contract/connectCompletion';
import { memoryCookieJar } from '../../../test/helpers/memoryCookieJar';
import { renderSettings } from '../../../test/helpers/renderSettings';

// Generous limits: the machine may be busy; passing runs take a fraction of them.
configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

function renderPanel(options?: PanelHarnessOptions) {
  const rendered = renderSettings(options);
  panel = rendered.panel;
  return rendered.user;
}

const accountRegion = () => screen.getByRole('region', { name: 'Drive account' });

describe('account area', () => {
  it('says "connect again" when the drive access ended, and offers Connect again', async () => {
    renderPanel({ mock: { stateStore: memoryStateStore({ grantEnded: true }) } });
    const region = accountRegion();
    expect(await within(region).findByRole('button', { name: 'Connect again' })).toBeEnabled();
    expect(within(region).getByText(/Access to your drive has ended/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the connected account: name, email, a described picture and Disconnect', async () => {
    renderPanel();
    const region = accountRegion();
    expect(within(region).getByRole('status')).toHaveTextContent('Reading your drive account…');
    expect(await within(region).findByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(within(region).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(region).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Picture of Ada Lovelace' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(region).queryByRole('button', { name: 'Connect a drive account' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Files in My Drive' })).toBeInTheDocument();
  });

  it('Disconnect POSTs, signals the editor and reloads the panel', async () => {
    const user = renderPanel();
    await user.click(await within(accountRegion()).findByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(panel.windows.reloads()).toBe(1));
    expect(panel.requests({ method: 'POST', path: '/api/disconnect' })).toHaveLength(1);
    expect(panel.bridge.callsTo('settingsUpdated')).toContainEqual([{ type: 'disconnected' }]);
  });

  it('a Disconnect answered 401 says so and why, and the account is shown as it really is (still connected) after the automatic re-check', async () => {
    const user = renderPanel();
    const region = accountRegion();
    const disconnect = await within(region).findByRole('button', { name: 'Disconnect' });
    // The server refuses the request itself (the editor's session expired): the account stays connected.
    panel.server.post('/api/disconnect', () => new Response(401, {}, { error: 'expired_instance', message: 'The instance has expired; reload the page.' }));
    const aboutReads = panel.requests({ path: '/api/about' }).length;
    await user.click(disconnect);
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Could not disconnect the account. This editor session is no longer valid; reload the editor.');
    // The re-check ran, and did not hide the error.
    await waitFor(() => expect(panel.requests({ path: '/api/about' }).length).toBe(aboutReads + 1));
    await waitFor(() => expect(panel.store.getState().account.checking).toBe(false));
    expect(within(region).getByRole('alert')).toHaveTextContent('Could not disconnect the account.');
    expect(within(region).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(panel.windows.reloads()).toBe(0);
    expect(panel.bridge.callsTo('settingsUpdated')).not.toContainEqual([{ type: 'disconnected' }]);
  });

  it('a failed Disconnect where the account is in fact gone says so, and shows Connect', async () => {
    const user = renderPanel();
    const region = accountRegion();
    const disconnect = await within(region).findByRole('button', { name: 'Disconnect' });
    panel.server.post('/api/disconnect', () => new Response(401, {}, { error: 'not_connected', message: 'No drive account is connected.' }));
    setMockSwitches(panel.server, { connected: false });
    await user.click(disconnect);
    expect(await within(region).findByRole('alert')).toHaveTextContent('Could not disconnect the account. Your drive account is not connected.');
    expect(await within(region).findByRole('button', { name: 'Connect a drive account' })).toBeEnabled();
    expect(within(region).getByRole('alert')).toBeInTheDocument();
  });

  it('without an account: a connect button and no files table', async () => {
    renderPanel({ mock: { connected: false } });
    const region = accountRegion();
    expect(await within(region).findByRole('button', { name: 'Connect a drive account' })).toBeEnabled();
    expect(within(region).getByText('Connect your drive to choose the file your site shows.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(panel.requests({ path: '/api/files' })).toHaveLength(0);
  });

  it('Connect opens an 874x600 sign-in window; once access is granted there, the window closes and the account, the list and the confirmation show', async () => {
    const user = renderPanel({ mock: { connected: false } });
    await user.click(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' }));

    expect(panel.windows.opened).toHaveLength(1);
    const popup = panel.windows.opened[0]!;
    expect(popup).toMatchObject({ width: 874, height: 600 });
    await waitFor(() => expect(new URL(popup.url, PANEL_ORIGIN).pathname).toBe('/api/authenticate'));
    expect(await within(accountRegion()).findByRole('button', { name: 'Waiting for the sign-in window…' })).toBeDisabled();

    // The sign-in page grants access and hands its code to the panel, which binds it and closes the window.
    popup.allow();

    expect(await within(accountRegion()).findByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(within(accountRegion()).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Files in My Drive' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Your drive is connected' })).toBeInTheDocument();
    expect(popup.closed).toBe(true);
  });

  it('the confirmation shows after a connection even when the completion’s cookie never reaches the panel', async () => {
    // Inside the editor's frame the panel's cookies are third-party: many browsers keep them apart.
    const cookies = memoryCookieJar();
    const user = renderPanel({ mock: { connected: false }, cookies });
    await user.click(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' }));
    const popup = panel.windows.opened[0]!;
    await waitFor(() => expect(popup.url).toContain('ticket='));
    popup.allow();
    expect(await screen.findByRole('dialog', { name: 'Your drive is connected' })).toBeInTheDocument();
    expect(cookies.get('connected')).toBeUndefined();
  });

  it('a sign-in begun for another widget is refused: the panel says why and stays disconnected', async () => {
    const stateStore = memoryStateStore({ connected: false });
    const user = renderPanel({ mock: { stateStore, connected: false } });
    await user.click(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' }));
    const popup = panel.windows.opened[0]!;
    await waitFor(() => expect(popup.url).toContain('ticket='));
    popup.post(
      connectCompletionMessage(holdCompletion(stateStore, { key: 'site-other:comp-other', instanceId: 'site-other', expiresAt: Date.now() + 60_000 })),
    );
    expect(await within(accountRegion()).findByRole('alert')).toHaveTextContent(
      'This sign-in cannot connect this widget: it was already used, has expired or was started for another widget. Connect your drive again.',
    );
    expect(within(accountRegion()).getByRole('button', { name: 'Connect a drive account' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a sign-in window closed without connecting shows no confirmation', async () => {
    const user = renderPanel({ mock: { connected: false } });
    await user.click(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' }));
    panel.windows.opened[0]!.close();
    expect(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' })).toBeEnabled();
    await waitFor(() => expect(panel.requests({ path: '/api/about' })).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an account that could not be read says so and offers Retry, which reads it again', async () => {
    const user = renderPanel({ mock: { failureRate: 1 } });
    const region = accountRegion();
    expect(await within(region).findByText('Could not read your drive account.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Connect a drive account' })).not.toBeInTheDocument();
    // Still failing: the button stays, busy while it runs, and keeps the focus.
    const retry = within(region).getByRole('button', { name: 'Retry' });
    await user.click(retry);
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(retry).not.toHaveAttribute('aria-disabled'));
    expect(retry).toHaveFocus();
    expect(within(region).getByText('Could not read your drive account.')).toBeInTheDocument();
    setMockSwitches(panel.server, { failureRate: 0 });
    await user.click(retry);
    expect(await within(region).findByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(within(region).queryByText('Could not read your drive account.')).not.toBeInTheDocument();
    expect(panel.windows.opened).toHaveLength(0);
  });

  it('a blocked sign-in window is reported in an alert that can be dismissed', async () => {
    const user = renderPanel({ mock: { connected: false }, blockWindows: true });
    await user.click(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' }));
    const alert = await within(accountRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('The browser blocked the sign-in window. Allow pop-ups for the editor, then try again.');
    expect(within(accountRegion()).getByRole('button', { name: 'Connect a drive account' })).toBeEnabled();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(within(accountRegion()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Create a new file opens the drive start page in a 1027x600 window', async () => {
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Create a new file' }));
    expect(panel.windows.opened).toHaveLength(1);
    expect(panel.windows.opened[0]).toMatchObject({ width: 1027, height: 600 });
    expect(panel.windows.opened[0]!.url).toMatch(/^https:\/\/drive\.google\.com\//);
  });
});

describe('connected-confirmation popup', () => {
  it('shows when cookie connected=true at start, with focus on OK, resets the cookie and closes on Escape', async () => {
    const cookies = memoryCookieJar({ connected: 'true' });
    const user = renderPanel({ cookies });
    const dialog = await screen.findByRole('dialog', { name: 'Your drive is connected' });
    expect(dialog).toHaveTextContent('Choose the file your site shows from the list.');
    expect(cookies.get('connected')).toBe('false');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Your drive is connected' })).not.toBeInTheDocument();
  });

  it('closes on OK', async () => {
    const user = renderPanel({ cookies: memoryCookieJar({ connected: 'true' }) });
    const dialog = await screen.findByRole('dialog', { name: 'Your drive is connected' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show without the cookie', async () => {
    const cookies = memoryCookieJar();
    renderPanel({ cookies });
    await screen.findByRole('table', { name: 'Files in My Drive' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cookies.get('connected')).toBeUndefined();
  });
});
