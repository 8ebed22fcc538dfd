/**
 * The file on the site's page (the custom element's `content`, current editor) not brought up to
 * date is said, with the next attempt and Retry now; once the server answers, the element carries
 * it and nothing is said. Real store, sagas and api client against Mirage.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { setMockSwitches } from '../../../mirage/server';
import type { PanelHarness } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

test('a failing rendering request says when the next attempt is, with Retry now; then the element carries the file', async () => {
  const element = { value: '' };
  const rendered = renderSettings({
    saveBackoff: { firstMs: 60_000, maxMs: 60_000 },
    random: () => 0,
    mock: { failingPaths: ['/api/content'] },
    bridgeOverrides: {
      elementContent: { read: async () => element.value, write: async (value) => void (element.value = value) },
    },
  });
  panel = rendered.panel;
  const table = await screen.findByRole('table', { name: 'Files in My Drive' });
  await rendered.user.click(await within(table).findByRole('button', { name: /^Ada's notes\b/ }));
  // A private file shows visitors nothing: shared, it is to be on the page.
  const group = await screen.findByRole('group', { name: "Who can open “Ada's notes”" });
  await rendered.user.click(within(group).getByRole('radio', { name: 'Anyone can view' }));

  const status = await screen.findByText(/^The file on your site's page is not up to date yet — next attempt at /, {}, { timeout: 10_000 });
  expect(status).toHaveAttribute('role', 'status');
  expect(status).toHaveTextContent(/The server is unavailable for the moment\.$/);
  expect(element.value).toBe('');

  setMockSwitches(panel.server, { failingPaths: [] });
  await rendered.user.click(screen.getByRole('button', { name: 'Retry now' }));
  await waitFor(() => expect(element.value).toMatch(/^\{"fileId":"[^"]+","version":\d+\}$/));
  expect(screen.queryByText(/not up to date/)).not.toBeInTheDocument();
  expect(panel.requests({ method: 'GET', path: '/api/content' }).map((r) => r.status)).toEqual([503, 200]);
});
