/**
 * Shared drives in the files table, as the owner uses them: "Shared drives" at the drive's top,
 * the shared drives in it, their folders browsed with the spec's trail rules, and a shared drive's
 * file chosen and shared like any other. The real store, sagas and api client against Mirage,
 * driven by role and accessible name.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { DRIVE_IDS } from '../../../mirage/drive';
import type { PanelHarness } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';
import { bodyRows, giveLayout, installScrollTo } from '../../../test/helpers/filesTableRows';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(60_000);

let panel: PanelHarness;
let restoreScrollTo: () => void;
beforeAll(() => {
  restoreScrollTo = installScrollTo();
});
afterAll(() => restoreScrollTo());
afterEach(() => panel.stop());

async function filesTable(folder: string) {
  const table = await screen.findByRole('table', { name: `Files in ${folder}` });
  await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
  giveLayout(table);
  return table;
}
/** The rows' titles, top to bottom. */
const rowNames = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('button')[0]!.getAttribute('title'));
const trail = () =>
  within(screen.getByRole('navigation', { name: 'Folder trail' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

it('"Shared drives" at the top lists the shared drives; their folders open, the trail follows the rules, and their files are chosen and shared', async () => {
  const rendered = renderSettings();
  panel = rendered.panel;
  const { user } = rendered;
  const root = await filesTable('My Drive');
  expect(rowNames(root)[0]).toBe('Shared drives');

  await user.click(within(root).getByRole('button', { name: /^Shared drives\b.*Folder$/ }));
  const drives = await filesTable('Shared drives');
  expect(rowNames(drives)).toEqual(['Engineering', 'Marketing']);
  expect(trail()).toEqual(['My Drive', 'Shared drives']);
  expect(panel.requests({ method: 'GET', path: '/api/drives' })).toHaveLength(1);

  await user.click(within(drives).getByRole('button', { name: /^Marketing\b/ }));
  const marketing = await filesTable('Marketing');
  expect(rowNames(marketing)).toEqual(['Campaigns', 'Brand guide', 'Hero banner.png', 'Press kit.pdf']);
  await user.click(within(marketing).getByRole('button', { name: /^Campaigns\b/ }));
  const campaigns = await filesTable('Campaigns');
  expect(trail()).toEqual(['My Drive', 'Shared drives', 'Marketing', 'Campaigns']);
  const listing = panel.requests({ method: 'GET', path: '/api/files' }).at(-1)!;
  expect(listing.query).toMatchObject({ driveId: DRIVE_IDS.marketingDrive, q: `trashed = false and '${DRIVE_IDS.campaigns}' in parents` });

  // A shared drive's file is chosen and shared like any other.
  await user.click(within(campaigns).getByRole('button', { name: /^Launch brief\b/ }));
  await waitFor(() => expect(panel.store.getState().user.model.activeFileId).toBe(DRIVE_IDS.launchBrief));
  await user.click(screen.getByRole('radio', { name: 'Anyone can view' }));
  await waitFor(() => expect(panel.store.getState().user.model.activeFilePerm).toBe('reader'));

  // An earlier entry cuts the trail, as for any folder.
  await user.click(within(screen.getByRole('navigation', { name: 'Folder trail' })).getByRole('button', { name: 'Shared drives' }));
  await filesTable('Shared drives');
  expect(trail()).toEqual(['My Drive', 'Shared drives']);
});
