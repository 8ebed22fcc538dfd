/**
 * The panel as a whole: the loader while requests are under way, and failures that are always
 * said, with a way to retry. Real store, sagas and api client against the Mirage drive.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { setMockSwitches } from '../../mirage/server';
import { type PanelHarness, type PanelHarnessOptions } from '../../test/helpers/panelHarness';
import { renderSettings } from '../../test/helpers/renderSettings';
import { userActions } from './model';

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

const bodyRows = (table: HTMLElement) => within(within(table).getAllByRole('rowgroup')[1]!).queryAllByRole('row');

async function filesTable(folder = 'My Drive') {
  const table = await screen.findByRole('table', { name: `Files in ${folder}` });
  await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
  return table;
}

const filesSection = () => screen.getByRole('region', { name: 'Files' });
const listRequests = () => panel.requests({ method: 'GET', path: '/api/files' });

describe('the page', () => {
  it('fades in for 140 ms', async () => {
    renderPanel();
    const page = (await screen.findByRole('main')).parentElement;
    expect(page).toHaveStyle({ animationName: 'ui-fade-in', animationDuration: '140ms' });
    await panel.until((s) => s.user.loaded);
  });
});

describe('the loader', () => {
  it('a progressbar named "Loading" shows while the first slow requests are under way, and goes after', async () => {
    renderPanel({ mock: { latencyMs: 150 } });
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    const table = await filesTable();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false');
    expect(bodyRows(table).length).toBeGreaterThan(0);
  });

  it('shows again for a slow refresh, with the table saying it is loading', async () => {
    const user = renderPanel();
    const table = await filesTable();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    setMockSwitches(panel.server, { latencyMs: 150 });
    await user.click(screen.getByRole('button', { name: 'Refresh the list' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(within(filesSection()).getByRole('status')).toHaveTextContent('Loading files…');
    expect(table).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(table).toHaveAttribute('aria-busy', 'false');
  });
});

describe('failures are said, with a retry', () => {
  it('a failed listing shows an alert with Retry instead of an empty table; Retry works once the server does', async () => {
    const user = renderPanel();
    const table = await filesTable();
    setMockSwitches(panel.server, { failureRate: 1 });
    await user.click(screen.getByRole('button', { name: 'Refresh the list' }));

    const alert = await within(filesSection()).findByRole('alert');
    expect(alert).toHaveTextContent(/^The file list could not be loaded\. The server is unavailable for the moment\./);
    expect(bodyRows(table)).toHaveLength(0);
    expect(within(filesSection()).queryByText('This folder is empty.')).not.toBeInTheDocument();

    // Still failing: Retry asks again and the alert stays.
    const before = listRequests().length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(listRequests()).toHaveLength(before + 1));
    expect(await within(filesSection()).findByRole('alert')).toHaveTextContent('The file list could not be loaded.');

    setMockSwitches(panel.server, { failureRate: 0 });
    await user.click(within(within(filesSection()).getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
    expect(within(filesSection()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Archive\b/ })).toBeInTheDocument();
  });

  it('a failed next page keeps the loaded rows and offers Retry', async () => {
    const user = renderPanel();
    const root = await filesTable();
    await user.click(within(root).getByRole('button', { name: /^Reports\b/ }));
    const table = await filesTable('Reports');
    expect(table).toHaveAttribute('aria-rowcount', '51');

    setMockSwitches(panel.server, { failureRate: 1 });
    act(() =>
      within(table)
        .getAllByRole('button', { name: /^Weekly report/ })[0]!
        .focus(),
    );
    await user.keyboard('{End}');
    const alert = await within(filesSection()).findByRole('alert');
    expect(alert).toHaveTextContent(/^More files could not be loaded\./);
    expect(table).toHaveAttribute('aria-rowcount', '51');
    expect(bodyRows(table).length).toBeGreaterThan(0);

    setMockSwitches(panel.server, { failureRate: 0 });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '101'));
    expect(within(filesSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed save says when the next attempt is and why, with Retry now; once the server is back the change is saved', async () => {
    const user = renderPanel({ saveBackoff: { firstMs: 60_000, maxMs: 60_000 }, random: () => 0 });
    const table = await filesTable();
    // The server starts failing the moment the file is chosen, so the save that follows fails.
    const unsubscribe = panel.store.subscribe(() => {
      if (panel.store.getState().user.model.activeFileId !== null) {
        setMockSwitches(panel.server, { failureRate: 1 });
        unsubscribe();
      }
    });
    await user.click(within(table).getByRole('button', { name: /^Budget 2026\b/ }));

    const status = await screen.findByText(/^Not saved yet — next attempt at /, {}, { timeout: 10_000 });
    expect(status).toHaveAttribute('role', 'status');
    const at = new Date(panel.store.getState().user.save.nextAttemptAt!);
    expect(status).toHaveTextContent(
      `next attempt at ${new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' }).format(at)}. The server is unavailable for the moment.`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(panel.pending.current()?.model.activeFileId).toBe(panel.store.getState().user.model.activeFileId);
    expect(panel.bridge.callsTo('settingsUpdated')).not.toContainEqual([{ type: 'saved' }]);

    setMockSwitches(panel.server, { failureRate: 0 });
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    expect(panel.bridge.callsTo('settingsUpdated')).toContainEqual([{ type: 'saved' }]);
    expect(panel.requests({ method: 'POST', path: '/api/save' }).map((r) => r.status)).toEqual([503, 200]);
  });

  it('a save the server refuses (400) says why in words, naming the setting, and keeps the change with Retry', async () => {
    renderPanel();
    await filesTable();
    const { confirmed, model } = panel.store.getState().user;
    // A model this server's contract refuses (say, from a newer panel): a border of 99 px.
    act(() => void panel.dispatch(userActions.rebased({ confirmed, model: { ...model, borderWidth: 99 } })));
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent(/^Not saved yet: your changes are kept on this computer\. The server refused the value of “Border width”\./);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // The change stays as the owner made it, and kept (storage keeps only what the contract reads: no 99 px there).
    expect(panel.store.getState().user.model.borderWidth).toBe(99);
    expect(panel.pending.current()).not.toBeNull();
    expect(panel.requests({ method: 'POST', path: '/api/save' }).map((r) => r.status)).toEqual([400]);
  });

  it('a failed sharing change is said and the choice stays as it was', async () => {
    const user = renderPanel();
    const table = await filesTable();
    await user.click(within(table).getByRole('button', { name: /^Budget 2026\b/ }));
    const group = await screen.findByRole('group', { name: 'Who can open “Budget 2026”' });
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());

    setMockSwitches(panel.server, { failureRate: 1 });
    await user.click(within(group).getByRole('radio', { name: 'Anyone can view' }));
    const alert = await within(group).findByRole('alert');
    expect(alert).toHaveTextContent(/^Sharing could not be changed\./);
    expect(within(group).getByRole('radio', { name: 'Anyone can edit' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Anyone can view' })).not.toBeChecked();
  });

  it('a failed activation is said and no file becomes active', async () => {
    const user = renderPanel();
    const table = await filesTable();
    setMockSwitches(panel.server, { failureRate: 1 });
    await user.click(within(table).getByRole('button', { name: /^Budget 2026\b/ }));
    const alert = await within(filesSection()).findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not choose “Budget 2026”\./);
    expect(within(table).queryByText('Shown on your site')).not.toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});

describe('until the settings are loaded, nothing can be changed that would be lost', () => {
  const userLoads = () => panel.requests({ method: 'GET', path: '/api/user' }).length;
  const pane = (name: string) => screen.getByRole('tabpanel', { name });
  const controlsIn = (element: HTMLElement) =>
    ['checkbox', 'slider', 'spinbutton', 'textbox', 'combobox', 'radio', 'button'].flatMap((role) => within(element).queryAllByRole(role));

  it('while the settings load slowly, the Design and Text tabs say so and offer no control; once loaded, a change is saved', async () => {
    const user = renderPanel({ mock: { latencyMs: 1500 } });
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    expect(within(pane('Design')).getByRole('status')).toHaveTextContent('Loading your settings…');
    expect(controlsIn(pane('Design'))).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Text' }));
    expect(within(pane('Text')).getByRole('status')).toHaveTextContent('Loading your settings…');
    expect(controlsIn(pane('Text'))).toHaveLength(0);
    expect(panel.store.getState().user.loaded).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Design' }));
    const lock = await screen.findByRole('checkbox', { name: 'Same radius for all corners' }, { timeout: 8000 });
    expect(within(pane('Design')).queryByText('Loading your settings…')).not.toBeInTheDocument();
    setMockSwitches(panel.server, { latencyMs: 0 });
    await user.click(lock);
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    expect((await panel.api.loadUserModel({ fresh: true })).model.lockCornersTogether).toBe(false);
  });

  it('a failed load says so with a Retry reached by keyboard; a failing retry says so again; one that works brings the listing, and changes are saved', async () => {
    const user = renderPanel({ mock: { failingPaths: ['/api/user'] } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Your settings could not be loaded\. The server is unavailable for the moment\./);
    // The account is connected, but the files (whose folder is in the settings) wait.
    const files = await screen.findByRole('region', { name: 'Files' });
    expect(within(files).getByRole('status')).toHaveTextContent('This can be changed once your settings have loaded.');
    expect(controlsIn(files)).toHaveLength(0);
    expect(listRequests()).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    expect(within(pane('Design')).getByRole('status')).toHaveTextContent('This can be changed once your settings have loaded.');
    expect(controlsIn(pane('Design'))).toHaveLength(0);

    // Retry from the keyboard, while the server still fails.
    const retry = within(alert).getByRole('button', { name: 'Retry' });
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let presses = 0; presses < 5 && document.activeElement !== retry; presses++) await user.tab();
    expect(retry).toHaveFocus();
    await user.keyboard('{Enter}');
    // While it runs, the alert and its button stay, busy, and keep the focus.
    expect(screen.getByRole('alert')).toHaveAttribute('aria-busy', 'true');
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    expect(retry).toHaveFocus();
    await waitFor(() => expect(userLoads()).toBe(2));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Your settings could not be loaded\. The server is unavailable for the moment\./);
    expect(retry).toHaveFocus();
    expect(retry).not.toHaveAttribute('aria-disabled');
    expect(controlsIn(pane('Design'))).toHaveLength(0);

    setMockSwitches(panel.server, { failingPaths: [] });
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Same radius for all corners' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(userLoads()).toBe(3);

    await user.click(screen.getByRole('tab', { name: 'Main' }));
    const table = await filesTable();
    await user.click(within(table).getByRole('button', { name: /^Budget 2026\b/ }));
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    expect((await panel.api.loadUserModel({ fresh: true })).model.activeFileTitle).toBe('Budget 2026');
  });
});
