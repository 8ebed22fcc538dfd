import { configure, screen, within } from '@testing-library/react';
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
