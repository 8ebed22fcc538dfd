/**
 * Activating a file and choosing who can open it, with the notice dialog, driven as the owner
 * uses them against the Mirage drive (real store, sagas and api client; cookies in memory).
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRIVE_IDS } from '../../../mirage/drive';
import { type PanelHarness, type PanelHarnessOptions } from '../../../test/helpers/panelHarness';
import { rowButton } from '../../../test/helpers/filesTableRows';
import { memoryStateStore } from '../../../mirage/state';
import { memoryCookieJar } from '../../../test/helpers/memoryCookieJar';
import { renderSettings } from '../../../test/helpers/renderSettings';

// Generous limits: the machine may be busy; passing runs take a fraction of them.
configure({ asyncUtilTimeout: 4000 });
// A generous limit for busy machines; a passing run takes a few seconds.
jest.setTimeout(60_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

type User = ReturnType<typeof userEvent.setup>;

function renderPanel(options?: PanelHarnessOptions): User {
  const rendered = renderSettings(options);
  panel = rendered.panel;
  return rendered.user;
}

async function filesTable() {
  const table = await screen.findByRole('table', { name: 'Files in My Drive' });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return table;
}

/** Clicks the row of `title` and waits until the sharing choice is offered for it. */
async function activate(user: User, table: HTMLElement, title: string) {
  await user.click(await rowButton(table, title));
  return screen.findByRole('group', { name: `Who can open “${title}”` });
}

const radio = (group: HTMLElement, name: string) => within(group).getByRole('radio', { name });
const checkedRole = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.closest('label')?.textContent);
const permissionPosts = () => panel.requests({ method: 'POST', path: '/api/permissions' });
/** What the drive itself says now (read around the panel, not from its cache). */
const anyoneRolesOnServer = async (fileId: string) =>
  (await panel.api.readPermissions(fileId, { fresh: true })).items.filter((p) => p.type === 'anyone').map((p) => p.role);
const NOT_EDITABLE = 'Only Docs, Sheets, Slides and Drawings can be edited by visitors; this file can be viewed only.';

describe('activating a file', () => {
  it('marks the row, fetches the permissions first and offers the sharing choice with the recorded role', async () => {
    const user = renderPanel();
    const table = await filesTable();
    expect(screen.getByText('Choose a file from the list to show it on your site.')).toBeInTheDocument();

    const welcome = await activate(user, table, 'Welcome to your drive');
    expect(
      within(welcome)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Private (only you)', 'Anyone can view', 'Anyone can edit']);
    expect(radio(welcome, 'Anyone can view')).toBeChecked();
    expect(checkedRole(welcome)).toEqual(['Anyone can view']);
    expect(welcome).not.toHaveAccessibleDescription(NOT_EDITABLE);
    const reads = panel.requests({ method: 'GET', path: '/api/permissions' });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.query).toMatchObject({ fileId: DRIVE_IDS.welcomeDoc, fields: 'items(role, type)' });

    const row = (await rowButton(table, 'Welcome to your drive')).closest('tr')!;
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(within(row).getByText('Shown on your site')).toBeInTheDocument();
    expect(within(table).getAllByText('Shown on your site')).toHaveLength(1);

    // Activating the active file again asks for nothing.
    await user.click(await rowButton(table, 'Welcome to your drive'));
    expect(panel.requests({ method: 'GET', path: '/api/permissions' })).toHaveLength(1);

    const budget = await activate(user, table, 'Budget 2026');
    expect(checkedRole(budget)).toEqual(['Anyone can edit']);
    expect(screen.queryByRole('group', { name: 'Who can open “Welcome to your drive”' })).not.toBeInTheDocument();
    expect(within(table).getAllByText('Shown on your site')).toHaveLength(1);
    expect((await rowButton(table, 'Budget 2026')).closest('tr')).toHaveAttribute('aria-current', 'true');
  });

  it.each([['Annual report 2025.pdf'], ['Customer survey']])(
    'for %s (not editable) "Anyone can edit" is not offered, and the panel says why',
    async (title) => {
      const user = renderPanel();
      const table = await filesTable();
      const group = await activate(user, table, title);
      expect(
        within(group)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['Private (only you)', 'Anyone can view']);
      expect(within(group).queryByRole('radio', { name: 'Anyone can edit' })).not.toBeInTheDocument();
      expect(radio(group, 'Private (only you)')).toBeChecked();
      expect(group).toHaveAccessibleDescription(NOT_EDITABLE);
      expect(within(group).getByText('Visitors to your site cannot see a private file.')).toBeInTheDocument();
    },
  );

  it('a file that is not editable but anyone may already edit shows "Anyone can edit" checked (and not choosable); once left it is not offered', async () => {
    const user = renderPanel({ mock: { stateStore: memoryStateStore({ permissions: { [DRIVE_IDS.annualPdf]: 'writer' } }) } });
    const table = await filesTable();
    const group = await activate(user, table, 'Annual report 2025.pdf');
    expect(checkedRole(group)).toEqual(['Anyone can edit']);
    expect(radio(group, 'Anyone can edit')).toBeDisabled();
    expect(group).toHaveAccessibleDescription(NOT_EDITABLE);

    await user.click(radio(group, 'Anyone can view'));
    await waitFor(() => expect(within(group).queryByRole('radio', { name: 'Anyone can edit' })).not.toBeInTheDocument());
    expect(checkedRole(group)).toEqual(['Anyone can view']);
    await waitFor(async () => expect(await anyoneRolesOnServer(DRIVE_IDS.annualPdf)).toEqual(['reader']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('sharing and the notice dialog', () => {
  it('"Anyone can edit" asks first: focus goes into the alertdialog and stays there; Escape or Cancel leave the role as it was', async () => {
    const user = renderPanel();
    const table = await filesTable();
    const group = await activate(user, table, 'Welcome to your drive');

    await user.click(radio(group, 'Anyone can edit'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Let anyone edit this file?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/change “Welcome to your drive” in your drive/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(radio(group, 'Anyone can edit')).not.toBeChecked();

    // Tab and Shift+Tab go round the dialog's three controls and never leave it.
    const seen = new Set<Element>();
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      seen.add(document.activeElement!);
    }
    expect(seen).toEqual(
      new Set([
        within(dialog).getByRole('checkbox', { name: "Don't show this again" }),
        within(dialog).getByRole('button', { name: 'Cancel' }),
        within(dialog).getByRole('button', { name: 'Let anyone edit' }),
      ]),
    );
    for (let i = 0; i < 4; i += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(radio(group, 'Anyone can view')).toBeChecked();
    expect(radio(group, 'Anyone can edit')).not.toBeChecked();
    // Focus goes back to where the owner was.
    expect(radio(group, 'Anyone can edit')).toHaveFocus();

    await user.click(radio(group, 'Anyone can edit'));
    dialog = await screen.findByRole('alertdialog', { name: 'Let anyone edit this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(radio(group, 'Anyone can view')).toBeChecked();
    expect(permissionPosts()).toHaveLength(0);
    expect(panel.store.getState().user.model.activeFilePerm).toBe('reader');
  });

  it('"Don\'t show this again" + "Let anyone edit" sets the cookie and shares; afterwards no notice is shown', async () => {
    const cookies = memoryCookieJar();
    const user = renderPanel({ cookies });
    const table = await filesTable();
    const group = await activate(user, table, 'Welcome to your drive');

    await user.click(radio(group, 'Anyone can edit'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Let anyone edit this file?' });
    await user.click(within(dialog).getByRole('checkbox', { name: "Don't show this again" }));
    expect(within(dialog).getByRole('checkbox', { name: "Don't show this again" })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Let anyone edit' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(radio(group, 'Anyone can edit')).toBeChecked());
    expect(cookies.get('doNotShowAgain')).toBe('true');
    expect(permissionPosts()).toHaveLength(1);
    await waitFor(() => expect(panel.bridge.callsTo('settingsUpdated')).toContainEqual([{ type: 'permission', fileId: DRIVE_IDS.welcomeDoc, role: 'writer' }]));
    // The drive has it.
    await waitFor(async () => expect(await anyoneRolesOnServer(DRIVE_IDS.welcomeDoc)).toEqual(['writer']));

    await user.click(radio(group, 'Anyone can view'));
    await waitFor(() => expect(radio(group, 'Anyone can view')).toBeChecked());
    await waitFor(() => expect(permissionPosts()).toHaveLength(2));

    await user.click(radio(group, 'Anyone can edit'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(radio(group, 'Anyone can edit')).toBeChecked());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(permissionPosts()).toHaveLength(3));
    expect(panel.store.getState().user.model.activeFilePerm).toBe('writer');
  });

  it('Private removes the public permission', async () => {
    const user = renderPanel();
    const table = await filesTable();
    const group = await activate(user, table, 'Welcome to your drive');
    await user.click(radio(group, 'Private (only you)'));
    await waitFor(() => expect(radio(group, 'Private (only you)')).toBeChecked());
    expect(panel.requests({ method: 'DELETE', path: '/api/permissions' })).toHaveLength(1);
    await waitFor(async () => expect(await anyoneRolesOnServer(DRIVE_IDS.welcomeDoc)).toEqual([]));
  });
});
