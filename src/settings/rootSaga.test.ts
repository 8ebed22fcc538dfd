/**
 * Start-up's listing follows the user model, whose breadcrumb names the folder: after a failed
 * load it waits for the owner's Retry. Real store, sagas and api client against the Mirage drive.
 */
import { DRIVE_IDS } from '../../mirage/drive';
import { setMockSwitches } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { startPanel, type PanelHarness } from '../../test/helpers/panelHarness';
import { accountActions } from './account/accountSlice';
import { waitFor } from '@testing-library/react';
import { folderOpened, userActions } from './model';

let panel: PanelHarness;
afterEach(() => panel.stop());

it('an account connected while the model could not be loaded: once Retry loads it, the folder the model was in is listed', async () => {
  const stateStore = memoryStateStore();
  const earlier = startPanel({ mock: { stateStore } });
  await earlier.until((s) => s.files.status === 'ready');
  earlier.dispatch(folderOpened({ id: DRIVE_IDS.reports, title: 'Reports' }));
  await earlier.until((s) => s.user.save.status === 'saved');
  earlier.stop();

  panel = startPanel({ mock: { stateStore, connected: false, failingPaths: ['/api/user'] } });
  await panel.until((s) => s.user.loadError !== null && s.account.status === 'disconnected');
  panel.dispatch(accountActions.connectClicked());
  await panel.until((s) => s.account.connecting);
  await waitFor(() => expect(panel.windows.opened[0]!.url).toContain('ticket='));
  panel.windows.opened[0]!.allow();
  await panel.until((s) => s.account.status === 'connected');

  setMockSwitches(panel.server, { failingPaths: [] });
  panel.dispatch(userActions.loadRequested());
  const s = await panel.until((st) => st.user.loaded && st.files.folderId === DRIVE_IDS.reports && st.files.status === 'ready', 4000, 'the Reports listing');
  expect(s.user.model.breadcrumb.at(-1)).toEqual({ id: DRIVE_IDS.reports, title: 'Reports' });
  expect(s.files.items.length).toBeGreaterThan(0);
});
