/**
 * The files table as the owner uses it: the real store, sagas and api client against the Mirage
 * drive, driven through Testing Library by role and accessible name.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PanelHarness, PanelHarnessOptions, RootState } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';
import { bodyRows, giveLayout, installScrollTo } from '../../../test/helpers/filesTableRows';

// Generous limits: the machine may be busy; passing runs take a fraction of them.
configure({ asyncUtilTimeout: 4000 });
// A generous limit for busy machines; a passing run takes a few seconds.
jest.setTimeout(60_000);

let panel: PanelHarness;
let restoreScrollTo: () => void;

// jsdom has no scrolling: give elements the scrollTo a browser has (the virtualiser scrolls with it).
beforeAll(() => {
  restoreScrollTo = installScrollTo();
});
afterAll(() => restoreScrollTo());
afterEach(() => panel.stop());

function renderPanel(options?: PanelHarnessOptions) {
  const rendered = renderSettings(options);
  panel = rendered.panel;
  return rendered.user;
}

/** Waits (inside Testing Library's act-aware loop) until the state satisfies `predicate`. */
const stateBecomes = (predicate: (s: RootState) => boolean, timeout = 3000) => waitFor(() => expect(predicate(panel.store.getState())).toBe(true), { timeout });

const rowButtons = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('button')[0]!);
/** The accessible names of the rows' buttons, top to bottom ("Projects, Folder", "Budget 2026, spreadsheet"). */
function rowTitles(table: HTMLElement): string[] {
  const names: string[] = [];
  within(within(table).getAllByRole('rowgroup')[1]!).queryAllByRole('button', {
    name: (accessibleName) => {
      names.push(accessibleName.replace(/\s+,/g, ','));
      return true;
    },
  });
  return names;
}

/** The table of `folder` once its first page is shown. */
async function filesTable(folder = 'My Drive') {
  const table = await screen.findByRole('table', { name: `Files in ${folder}` });
  await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
  giveLayout(table);
  return table;
}

/** Tabs from wherever focus is until it lands on a row of the table body. */
async function tabToRows(user: ReturnType<typeof userEvent.setup>, table: HTMLElement) {
  for (let i = 0; i < 15 && !rowButtons(table).includes(document.activeElement as HTMLElement); i += 1) await user.tab();
}

const trail = () => within(screen.getByRole('navigation', { name: 'Folder trail' })).getAllByRole('listitem');

describe('files table', () => {
  it('is a table named after the folder with sortable column headers, Name ascending at first, "Shared drives" then folders first', async () => {
    renderPanel();
    const table = await filesTable();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent?.replace(/[▲▼]/g, ''))).toEqual(['Name', 'Owner', 'Last modified']);
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).not.toHaveAttribute('aria-sort');
    expect(within(table).getByRole('columnheader', { name: 'Last modified' })).not.toHaveAttribute('aria-sort');

    const names = rowTitles(table);
    expect(names.slice(0, 8)).toEqual([
      'Shared drives, Folder',
      'Archive, Folder',
      'Empty folder, Folder',
      'Invoices, Folder',
      'Photos, Folder',
      'Projects, Folder',
      'Reports, Folder',
      'Team shared, Folder',
    ]);
    expect(names[8]).not.toMatch(/Folder$/);
    // Every file has its kind said in words, and the owner column names the owner.
    expect(within(table).getByRole('button', { name: /^Budget 2026\b.*spreadsheet/ })).toBeInTheDocument();
    const teamShared = bodyRows(table)[7]!;
    expect(within(teamShared).getAllByRole('cell')[1]).toHaveTextContent(/\S/);
    expect(within(teamShared).getAllByRole('cell')[1]).not.toHaveTextContent(/^me$/);
    expect(within(bodyRows(table)[1]!).getAllByRole('cell')[1]).toHaveTextContent(/^me$/);
    // The shared drives are owned by no one: no owner, no date.
    expect(within(bodyRows(table)[0]!).getAllByRole('cell')[1]).toHaveTextContent(/^$/);
  });

  it('sorts: Name again reverses (folders still first), another column sorts ascending and Name loses aria-sort', async () => {
    const user = renderPanel();
    const table = await filesTable();
    const nameHeader = within(table).getByRole('columnheader', { name: 'Name' });
    const ownerHeader = within(table).getByRole('columnheader', { name: 'Owner' });

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    let names = rowTitles(table);
    // "Shared drives" stays on top whatever the order.
    expect(names[0]).toBe('Shared drives, Folder');
    expect(names[1]).toBe('Team shared, Folder');
    expect(names[7]).toBe('Archive, Folder');
    expect(names[8]).not.toMatch(/Folder$/);
    const firstFile = names.findIndex((n) => !/Folder$/.test(n));
    expect(names.slice(firstFile).some((n) => /Folder$/.test(n))).toBe(false);

    await user.click(within(ownerHeader).getByRole('button', { name: 'Owner' }));
    expect(ownerHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).not.toHaveAttribute('aria-sort');
    names = rowTitles(table);
    expect(names.slice(0, 8).every((n) => /Folder$/.test(n))).toBe(true);
    expect(names[8]).not.toMatch(/Folder$/);

    await user.click(within(ownerHeader).getByRole('button', { name: 'Owner' }));
    expect(ownerHeader).toHaveAttribute('aria-sort', 'descending');
    // Descending by owner: the folder owned by someone else ("Grace…") comes before mine ("Ada…").
    expect(rowTitles(table).slice(0, 2)).toEqual(['Shared drives, Folder', 'Team shared, Folder']);
  });

  it('the breadcrumb is a navigation landmark: opening folders appends, an earlier entry cuts the trail', async () => {
    const user = renderPanel();
    let table = await filesTable();
    expect(trail().map((li) => li.textContent)).toEqual(['My Drive']);
    expect(within(trail()[0]!).getByText('My Drive')).toHaveAttribute('aria-current', 'page');
    expect(within(trail()[0]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /^Projects\b.*Folder$/ }));
    table = await filesTable('Projects');
    expect(rowTitles(table)).toEqual(expect.arrayContaining(['2025, Folder', '2026, Folder']));
    expect(trail().map((li) => li.textContent)).toEqual(['My Drive', 'Projects']);
    expect(within(trail()[1]!).getByText('Projects')).toHaveAttribute('aria-current', 'page');
    expect(within(trail()[0]!).getByRole('button', { name: 'My Drive' })).not.toHaveAttribute('aria-current');

    await user.click(within(table).getByRole('button', { name: /^2026\b.*Folder$/ }));
    table = await filesTable('2026');
    expect(rowTitles(table)).toEqual(expect.arrayContaining(['Q3, Folder', '2026 roadmap, document']));
    expect(trail().map((li) => li.textContent)).toEqual(['My Drive', 'Projects', '2026']);
    expect(within(trail()[2]!).getByText('2026')).toHaveAttribute('aria-current', 'page');

    const nav = screen.getByRole('navigation', { name: 'Folder trail' });
    await user.click(within(nav).getByRole('button', { name: 'Projects' }));
    table = await filesTable('Projects');
    expect(trail().map((li) => li.textContent)).toEqual(['My Drive', 'Projects']);
    // The pressed entry became the current one: focus went with it, not to the page.
    expect(within(trail()[1]!).getByText('Projects')).toHaveFocus();

    await user.click(within(nav).getByRole('button', { name: 'My Drive' }));
    table = await filesTable('My Drive');
    expect(trail().map((li) => li.textContent)).toEqual(['My Drive']);
    expect(within(trail()[0]!).getByText('My Drive')).toHaveAttribute('aria-current', 'page');
    expect(rowTitles(table).slice(0, 2)).toEqual(['Shared drives, Folder', 'Archive, Folder']);
    // The trail is the user model's: it is saved.
    await stateBecomes((s) => s.user.save.status === 'saved');
    expect(panel.store.getState().user.model.breadcrumb).toEqual([{ id: 'root', title: 'My Drive' }]);
  });

  it('Refresh reloads the list from the server, not from the cache', async () => {
    const user = renderPanel();
    const table = await filesTable();
    const before = panel.requests({ method: 'GET', path: '/api/files' }).length;
    expect(before).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Refresh the list' }));
    await waitFor(() => expect(panel.requests({ method: 'GET', path: '/api/files' })).toHaveLength(before + 1));
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
    expect(rowTitles(table)[1]).toBe('Archive, Folder');
  });

  it('titles that look like HTML are shown as text, never as markup', async () => {
    renderPanel();
    const table = await filesTable();
    expect(within(table).getByRole('button', { name: /^<img src=x onerror=alert\(1\)>/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^<script>alert\("x"\)<\/script>/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^&amp; "quotes" 'apostrophes' &lt;b&gt;/ })).toBeInTheDocument();
    expect(table.querySelector('img, script, b')).toBeNull();
    expect(within(table).queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('virtualisation', () => {
  it('in the 5,000-file Archive only a bounded number of rows is in the DOM, however many pages are loaded', async () => {
    const user = renderPanel();
    const root = await filesTable();
    await user.click(within(root).getByRole('button', { name: /^Archive\b.*Folder$/ }));
    const table = await filesTable('Archive');
    expect(table).toHaveAttribute('aria-rowcount', String(50 + 1));
    expect(bodyRows(table).length).toBeGreaterThanOrEqual(10);
    expect(bodyRows(table).length).toBeLessThanOrEqual(30);
    expect(screen.getByText('50 items loaded, more below')).toBeInTheDocument();

    // End on a row goes to the last loaded row and asks for the next page.
    act(() => rowButtons(table)[0]!.focus());
    for (const loaded of [100, 150, 200]) {
      await user.keyboard('{End}');
      await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', String(loaded + 1)));
      const rows = bodyRows(table);
      expect(rows.length).toBeGreaterThanOrEqual(10);
      expect(rows.length).toBeLessThanOrEqual(30);
    }
    // Focus is on the last row that was loaded when End was pressed, and it is in the DOM.
    expect(document.activeElement?.closest('tr')).toHaveAttribute('aria-rowindex', String(150 + 1));

    const pages = panel.requests({ method: 'GET', path: '/api/files' }).filter((r) => r.query.q?.includes(`'${panel.store.getState().files.folderId}'`));
    expect(pages).toHaveLength(4);
    expect(new Set(pages.map((r) => r.query.pageToken ?? '')).size).toBe(4);
    expect(pages.every((r) => r.query.maxResults === '50')).toBe(true);
  });
});

describe('keyboard', () => {
  it('the table body is one tab stop; arrows, Home and End move between rows and the tab stop follows', async () => {
    const user = renderPanel();
    const table = await filesTable();
    const tabStops = () => rowButtons(table).filter((b) => b.tabIndex === 0);
    expect(tabStops()).toHaveLength(1);

    // Tab through the panel until a row is reached: it is the first row.
    await tabToRows(user, table);
    expect(screen.getByRole('button', { name: /^Shared drives\b/ })).toHaveFocus();
    // One more Tab leaves the table body.
    await user.tab();
    expect(rowButtons(table)).not.toContain(document.activeElement);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: /^Shared drives\b/ })).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: /^Empty folder\b/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: /^Projects\b/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: /^Photos\b/ })).toHaveFocus();
    expect(tabStops()).toEqual([screen.getByRole('button', { name: /^Photos\b/ })]);

    // Leaving and coming back lands on the same row (roving tab stop).
    await user.tab({ shift: true });
    expect(within(table).getByRole('button', { name: 'Last modified' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: /^Photos\b/ })).toHaveFocus();

    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: /^Shared drives\b/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: /^Shared drives\b/ })).toHaveFocus();

    await user.keyboard('{End}');
    const count = Number(table.getAttribute('aria-rowcount'));
    await waitFor(() => expect(document.activeElement?.closest('tr')).toHaveAttribute('aria-rowindex', String(count)));
    expect(table).toContainElement(document.activeElement as HTMLElement);
    expect(tabStops()).toEqual([document.activeElement]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.closest('tr')).toHaveAttribute('aria-rowindex', String(count));
  });

  it('Enter on a folder row opens the folder and keeps focus in the table; Enter on a file row activates the file', async () => {
    const user = renderPanel();
    const table = await filesTable();
    await tabToRows(user, table);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: /^Projects\b/ })).toHaveFocus();
    await user.keyboard('{Enter}');

    const projects = await filesTable('Projects');
    expect(trail().map((li) => li.textContent)).toEqual(['My Drive', 'Projects']);
    // Focus is not dropped to the page: it is on the first row of the folder just opened.
    await waitFor(() => expect(within(projects).getByRole('button', { name: /^2025\b/ })).toHaveFocus());
    expect(panel.store.getState().user.model.activeFileId).toBeNull();

    const target = within(projects).getByRole('button', { name: /^Project list\b/ });
    for (let i = 0; i < 10 && document.activeElement !== target; i += 1) await user.keyboard('{ArrowDown}');
    expect(target).toHaveFocus();
    await user.keyboard('{Enter}');

    await stateBecomes((s) => s.user.model.activeFileId !== null);
    const row = target.closest('tr')!;
    await waitFor(() => expect(row).toHaveAttribute('aria-current', 'true'));
    expect(within(row).getByText('Shown on your site')).toBeInTheDocument();
    expect(panel.store.getState().user.model.activeFileTitle).toBe('Project list');
    expect(bodyRows(projects).filter((r) => r.getAttribute('aria-current') === 'true')).toEqual([row]);
    expect(screen.getByRole('group', { name: 'Who can open “Project list”' })).toBeInTheDocument();
    expect(target).toHaveFocus();
  });
});
