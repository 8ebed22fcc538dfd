/**
 * Picker mode in the panel, against a real store and the Mirage drive in picker mode: in place of
 * the files table, "Choose a file from your drive" opens the Picker's popup with a one-time ticket;
 * the file the popup hands back (from that window and our origin only) is read by the server and
 * activated as the spec says (its permissions read first); a cancel or a folder changes nothing.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { DRIVE_IDS } from '../../../mirage/driveIds';
import { PICKER_CANCEL_MESSAGE, PICKER_CHOICE_MESSAGE } from '../../contract/pickerChoice';
import { isConnectTicketText } from '../../contract/connectTicket';
import type { PanelHarness } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

function renderPicker(embeddedUserModel?: Record<string, unknown>) {
  const rendered = renderSettings({ mock: { driveAccess: 'picker' }, embeddedUserModel });
  panel = rendered.panel;
  return rendered.user;
}

const filesRegion = () => screen.getByRole('region', { name: 'Files' });
const filesShown = () => screen.findByRole('region', { name: 'Files' });

async function openPicker(user: ReturnType<typeof renderPicker>, name = 'Choose a file from your drive') {
  await user.click(await within(await filesShown()).findByRole('button', { name }));
  const popup = panel.windows.opened.at(-1)!;
  await waitFor(() => expect(popup.url).not.toBe('about:blank'));
  return popup;
}

it('shows the Picker button in place of the files table, and lists no folder', async () => {
  renderPicker();
  expect(await within(await filesShown()).findByRole('button', { name: 'Choose a file from your drive' })).toBeEnabled();
  expect(within(filesRegion()).queryByRole('grid')).toBeNull();
  expect(within(filesRegion()).queryByRole('table')).toBeNull();
  expect(panel.requests({ path: '/api/files' })).toEqual([]);
});

it('opens the popup on the picker route with a ticket and the locale alone, and activates the picked file after reading its permissions', async () => {
  const user = renderPicker();
  const popup = await openPicker(user);
  const url = new URL(popup.url, 'http://stage.test');
  expect(url.pathname).toBe('/api/picker');
  expect([...url.searchParams.keys()]).toEqual(['ticket', 'locale']);
  expect(isConnectTicketText(url.searchParams.get('ticket'))).toBe(true);
  expect(url.searchParams.get('locale')).toBe('en');

  popup.post({ type: PICKER_CHOICE_MESSAGE, fileId: DRIVE_IDS.welcomeDoc });
  expect(await within(filesRegion()).findByRole('button', { name: 'Choose another file' })).toBeEnabled();
  expect(within(filesRegion()).getByText('Welcome to your drive')).toBeInTheDocument();
  expect(popup.closed).toBe(true);
  const order = panel.requests({}).map((r) => `${r.method} ${r.path}`);
  const chosen = order.indexOf('POST /api/picker-choice');
  expect(chosen).toBeGreaterThan(-1);
  expect(order.indexOf('GET /api/permissions', chosen)).toBeGreaterThan(chosen);
  await waitFor(() => expect(panel.store.getState().user.model.activeFileId).toBe(DRIVE_IDS.welcomeDoc));
  expect(panel.store.getState().user.model.activeFilePerm).toBe('reader');
});

it("sends the widget's saved language with the ticket, for the Picker and its page to speak it", async () => {
  const user = renderPicker({ locale: 'de' });
  const popup = await openPicker(user);
  expect(new URL(popup.url, 'http://stage.test').searchParams.get('locale')).toBe('de');
});

it('"Choose another file" opens the Picker again; a cancel changes nothing', async () => {
  const user = renderPicker();
  const first = await openPicker(user);
  first.post({ type: PICKER_CHOICE_MESSAGE, fileId: DRIVE_IDS.welcomeDoc });
  const again = await openPicker(user, 'Choose another file');
  expect(again).not.toBe(first);
  const before = panel.requests({}).length;
  again.post({ type: PICKER_CANCEL_MESSAGE });
  await waitFor(() => expect(again.closed).toBe(true));
  expect(await within(filesRegion()).findByRole('button', { name: 'Choose another file' })).toBeEnabled();
  expect(panel.requests({ path: '/api/picker-choice' })).toHaveLength(1);
  expect(
    panel
      .requests({})
      .slice(before)
      .map((r) => r.path),
  ).not.toContain('/api/save');
  expect(panel.store.getState().user.model.activeFileId).toBe(DRIVE_IDS.welcomeDoc);
});

it('refuses a picked folder with the spec rule, and keeps the active file', async () => {
  const user = renderPicker();
  const popup = await openPicker(user);
  popup.post({ type: PICKER_CHOICE_MESSAGE, fileId: DRIVE_IDS.projects });
  expect(await within(filesRegion()).findByRole('alert')).toHaveTextContent('A folder cannot be shown. Choose a file.');
  expect(panel.store.getState().user.model.activeFileId).not.toBe(DRIVE_IDS.projects);
  expect(panel.requests({ path: '/api/permissions' })).toEqual([]);
});

it('ignores a message from another origin or another window', async () => {
  const user = renderPicker();
  const popup = await openPicker(user);
  popup.post({ type: PICKER_CHOICE_MESSAGE, fileId: DRIVE_IDS.welcomeDoc }, { origin: 'https://evil.example' });
  popup.post({ type: PICKER_CHOICE_MESSAGE, fileId: DRIVE_IDS.welcomeDoc }, { source: {} });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(popup.closed).toBe(false);
  expect(panel.requests({ path: '/api/picker-choice' })).toEqual([]);
});
