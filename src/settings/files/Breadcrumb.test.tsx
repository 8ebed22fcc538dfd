import { configure, screen, waitFor, within } from '@testing-library/react';
import { DRIVE_IDS } from '../../../mirage/drive';
import type { PanelHarness } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

describe('breadcrumb entries', () => {
  it('are cut by the truncate filter, with the full name as tooltip and for screen readers', async () => {
    const rendered = renderSettings({
      embeddedUserModel: {
        breadcrumb: [
          { id: 'root', title: 'My Drive' },
          { id: 'f-1', title: 'Quarterly reports 2024' },
          { id: 'f-2', title: 'Supplementaryinformation' },
        ],
      },
    });
    panel = rendered.panel;
    const trail = await screen.findByRole('navigation', { name: 'Folder trail' });
    const parent = within(trail).getByRole('button', { name: 'Quarterly reports 2024' });
    expect(parent).toHaveAttribute('title', 'Quarterly reports 2024');
    expect(within(parent).getByText('Quarterly...')).toHaveAttribute('aria-hidden', 'true');
    expect(within(trail).getByRole('button', { name: 'My Drive' })).toHaveTextContent(/^My Drive$/);
    const current = within(trail).getByText('Supplement...').parentElement!;
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('title', 'Supplementaryinformation');
    expect(current).toHaveTextContent('Supplementaryinformation');
  });
});

describe('the root entry', () => {
  it("reads in the panel's language (the drive's own name for it); the saved trail keeps 'My Drive'", async () => {
    const rendered = renderSettings({
      language: 'de',
      embeddedUserModel: {
        breadcrumb: [
          { id: 'root', title: 'My Drive' },
          { id: DRIVE_IDS.projects, title: 'Projects' },
        ],
      },
    });
    panel = rendered.panel;
    const trail = await screen.findByRole('navigation', { name: 'Ordnerpfad' });
    const root = within(trail).getByRole('button', { name: 'Meine Ablage' });
    expect(root).toHaveAttribute('title', 'Meine Ablage');
    expect(root).toHaveTextContent(/^Meine Ablage$/);
    expect(within(trail).queryByText('My Drive')).not.toBeInTheDocument();

    await rendered.user.click(root);
    expect(await screen.findByRole('table', { name: 'Dateien in Meine Ablage' })).toBeInTheDocument();
    // A fixed word, shown whole although longer than the truncate filter's ten letters.
    expect(within(trail).getByText('Meine Ablage')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(panel.store.getState().user.save.status).toBe('saved'));
    expect(panel.store.getState().user.model.breadcrumb).toEqual([{ id: 'root', title: 'My Drive' }]);
  });
});
