/**
 * Connecting in the platform's current editor: the panel's access token travels in a header, which
 * the sign-in popup cannot carry. The popup opens blank within the click, then goes to the
 * authenticate route with a one-time connect ticket fetched with the token (the Mirage drive plays
 * the server's rule); the token never appears in a URL. A ticket that does not come closes the popup
 * and says why.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { isConnectTicketText } from '../../contract/connectTicket';
import { memoryStateStore } from '../../../mirage/state';
import { ownerToken } from '../../../mirage/fakeTokenInfo';
import { type PanelHarness, type PanelHarnessOptions } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

const KEY = '0f8c6a52-8d7e-4b43-9a1f-2c3d4e5f6a7b';
const TOKEN = ownerToken('site-current');
const CURRENT = { instance: null, compId: null, origCompId: null };
let panel: PanelHarness;
afterEach(() => panel.stop());

function renderCurrent(mock: PanelHarnessOptions['mock']) {
  const rendered = renderSettings({ query: CURRENT, access: { params: { widgetKey: KEY }, headers: async () => ({ Authorization: TOKEN }) }, mock });
  panel = rendered.panel;
  return rendered.user;
}

const accountRegion = () => screen.getByRole('region', { name: 'Drive account' });

it('the popup opens blank at the click, then goes to the authenticate route with a ticket, never the token; the code it hands back is bound with the token', async () => {
  const stateStore = memoryStateStore({ connected: false });
  const user = renderCurrent({ connected: false, stateStore });
  await user.click(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' }));
  const popup = panel.windows.opened[0]!;
  await waitFor(() => expect(popup.url).not.toBe('about:blank'));
  const url = new URL(popup.url, 'http://stage.test');
  expect(url.pathname).toBe('/api/authenticate');
  expect([...url.searchParams.keys()]).toEqual(['ticket']);
  expect(isConnectTicketText(url.searchParams.get('ticket'))).toBe(true);
  expect(popup.url).not.toContain(TOKEN);
  expect(panel.requests({ method: 'POST', path: '/api/connect-ticket' })).toHaveLength(1);
  // The sign-in page takes the ticket once (the mock's rule, as the server's), then hands its code to the panel.
  popup.allow();
  expect(() => popup.allow()).toThrow(/no valid ticket/);
  expect(await within(accountRegion()).findByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  expect(panel.requests({ method: 'POST', path: '/api/connect-complete' })).toMatchObject([{ status: 204, key: `site-current:key:${KEY}` }]);
  expect(stateStore.load().connected).toBe(true);
});

it('no ticket (the server fails): the popup closes and the panel says why; Connect stays offered', async () => {
  const user = renderCurrent({ connected: false, failingPaths: ['/api/connect-ticket'] });
  await user.click(await within(accountRegion()).findByRole('button', { name: 'Connect a drive account' }));
  expect(await within(accountRegion()).findByRole('alert')).toHaveTextContent(/\w/);
  expect(panel.windows.opened[0]!.closed).toBe(true);
  expect(panel.windows.opened[0]!.url).toBe('about:blank');
  expect(within(accountRegion()).getByRole('button', { name: 'Connect a drive account' })).toBeEnabled();
});
