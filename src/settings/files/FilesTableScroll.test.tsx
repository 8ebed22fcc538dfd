/**
 * The files table's scrolling as the owner meets it: a new folder starts at the top, and a drive
 * that answers short or empty pages with more to come never leaves the table stuck or "empty".
 * The real store, sagas and api client against the Mirage drive, through Testing Library.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRIVE_IDS } from '../../../mirage/driveIds';
import { setMockSwitches } from '../../../mirage/server';
import { bodyRows, giveLayout, installScrollTo } from '../../../test/helpers/filesTableRows';
import type { PanelHarness, PanelHarnessOptions } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';
import { PREFETCH_ROWS, ROW_HEIGHT, VISIBLE_ROWS } from './layout';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(60_000);

let panel: PanelHarness;
let restoreScrollTo: () => void;
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

/** The table of `folder` once it shows rows. */
async function filesTable(folder = 'My Drive') {
  const table = await screen.findByRole('table', { name: `Files in ${folder}` });
  await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
  giveLayout(table);
  return table;
}

describe('opening a folder', () => {
  it('starts the new folder at the top, wherever the last one was scrolled to', async () => {
    const user = renderPanel();
    const root = await filesTable();
    const viewport = root.parentElement!;
    viewport.scrollTop = 3 * ROW_HEIGHT;
    fireEvent.scroll(viewport);
    expect(viewport.scrollTop).toBe(3 * ROW_HEIGHT);

    await user.click(within(root).getByRole('button', { name: /^Reports\b.*Folder$/ }));
    const reports = await filesTable('Reports');
    // The same scroll box shows the new folder, from its first row.
    expect(reports.parentElement).toBe(viewport);
    expect(viewport.scrollTop).toBe(0);
    expect(within(reports).getByRole('button', { name: /^Weekly report 001\b/ })).toBeInTheDocument();
  });
});

describe('scrolling a long folder', () => {
  const archivePages = () =>
    panel.requests({ method: 'GET', path: '/api/files' }).filter((r) => r.query.q?.includes(`'${panel.store.getState().files.folderId}'`));

  it('asks for the next page while the owner is still rows away from the end, once, and not before', async () => {
    const user = renderPanel();
    await user.click(within(await filesTable()).getByRole('button', { name: /^Archive\b.*Folder$/ }));
    const table = await filesTable('Archive');
    const viewport = table.parentElement!;
    expect(table).toHaveAttribute('aria-rowcount', String(50 + 1));
    // At the top, three screens above the end: one page only.
    expect(archivePages()).toHaveLength(1);

    // Scroll so that the last rendered row is within PREFETCH_ROWS of the end, still far from the bottom.
    const firstShown = 50 - PREFETCH_ROWS - VISIBLE_ROWS + 5;
    viewport.scrollTop = firstShown * ROW_HEIGHT;
    // Well before the bottom, where the scroll area's own "reached the end" fires (two rows).
    expect(viewport.scrollHeight - viewport.clientHeight - viewport.scrollTop).toBeGreaterThan(10 * ROW_HEIGHT);
    fireEvent.scroll(viewport);
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', String(100 + 1)));
    expect(archivePages()).toHaveLength(2);
    // The owner scrolls on a little: the page already asked for is not asked for again.
    viewport.scrollTop += ROW_HEIGHT;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(bodyRows(table)[0]).toBeDefined());
    expect(archivePages()).toHaveLength(2);
  });
});

describe('a drive that answers short or empty pages', () => {
  it('fills the table by itself when the first pages are short and empty, and never says the folder is empty', async () => {
    renderPanel({ mock: { pageSizes: [0, 3, 0, 2] } });
    const table = await filesTable();
    await waitFor(() => expect(Number(table.getAttribute('aria-rowcount')) - 1).toBeGreaterThan(VISIBLE_ROWS));
    expect(bodyRows(table).length).toBeGreaterThanOrEqual(VISIBLE_ROWS);
    expect(screen.queryByText('This folder is empty.')).not.toBeInTheDocument();
  });

  it('scrolled to the end, an empty page with more to come does not stall the table: the next pages come by themselves', async () => {
    // Each listing: a full page (nothing follows by itself), then two empty pages with more to come, then 5 rows.
    const user = renderPanel({ mock: { pageSizes: [50, 0, 0, 5] } });
    await user.click(within(await filesTable()).getByRole('button', { name: /^Reports\b.*Folder$/ }));
    const table = await filesTable('Reports');
    const rowCount = () => Number(table.getAttribute('aria-rowcount')) - 1;
    const reportsPages = () => panel.requests({ method: 'GET', path: '/api/files' }).filter((r) => r.query.q?.includes(`'${DRIVE_IDS.reports}'`));
    expect(rowCount()).toBe(50);
    expect(reportsPages()).toHaveLength(1);

    // The owner scrolls to the very end, once: the next page is empty, and then there is nothing more to scroll.
    const viewport = table.parentElement!;
    viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(rowCount()).toBeGreaterThanOrEqual(55));
    // The two empty pages and the one of five came one after another, each asked for once with its own token.
    const tokens = reportsPages().map((r) => r.query.pageToken);
    expect(tokens.slice(0, 4)).toEqual([undefined, expect.any(String), expect.any(String), expect.any(String)]);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after an empty first page whose next page fails: the failure and its Retry, not "empty"; Retry shows the rows', async () => {
    const user = renderPanel({ mock: { pageSizes: [0] } });
    // The drive fails from the moment the (empty) first page is in.
    const unsubscribe = panel.store.subscribe(() => {
      if (panel.store.getState().files.status === 'ready') setMockSwitches(panel.server, { failureRate: 1 });
    });
    const alert = await screen.findByRole('alert');
    unsubscribe();
    expect(alert).toHaveTextContent('More files could not be loaded.');
    expect(screen.queryByText('This folder is empty.')).not.toBeInTheDocument();
    expect(screen.getByText('0 items loaded, more below')).toBeInTheDocument();

    setMockSwitches(panel.server, { failureRate: 0 });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const table = await filesTable();
    expect(within(table).getByRole('button', { name: /^Archive\b.*Folder$/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('This folder is empty.')).not.toBeInTheDocument();
  });
});
