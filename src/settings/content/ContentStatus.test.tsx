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

test('a file that can never be part of the page is said once, with what to do and a Retry; it is not asked again until the Retry', async () => {
  const element = { value: '' };
  // A short backoff: a retry of its own would show within the wait below.
  const rendered = renderSettings({
    saveBackoff: { firstMs: 100, maxMs: 100 },
    random: () => 0,
    bridgeOverrides: {
      elementContent: { read: async () => element.value, write: async (value) => void (element.value = value) },
    },
  });
  panel = rendered.panel;
  const { user } = rendered;
  // Q3 plan's export is over the drive's 10 MB limit (the mock answers as the server does).
  for (const [folder, next] of [
    ['My Drive', /^Projects\b.*Folder$/],
    ['Projects', /^2026\b.*Folder$/],
    ['2026', /^Q3\b.*Folder$/],
    ['Q3', /^Q3 plan\b/],
  ] as const) {
    const table = await screen.findByRole('table', { name: `Files in ${folder}` });
    await user.click(await within(table).findByRole('button', { name: next }));
  }
  const group = await screen.findByRole('group', { name: 'Who can open “Q3 plan”' });
  await user.click(within(group).getByRole('radio', { name: 'Anyone can view' }));

  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert).toHaveTextContent(
    "The file on your site's page could not be updated. This file is too large or too complex to show as part of the page. Choose “Show in the drive’s viewer” in the Design tab.",
  );
  const contentCalls = () => panel.requests({ method: 'GET', path: '/api/content' }).map((r) => r.status);
  expect(contentCalls()).toEqual([422]);
  // No retry of its own: a refusal retrying cannot fix waits for the owner.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(contentCalls()).toEqual([422]);
  expect(element.value).toBe('');

  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(contentCalls()).toEqual([422, 422]));
  expect(await screen.findByRole('alert')).toHaveTextContent(/too large or too complex/);

  // Doing what it says: the drive's viewer, with nothing as part of the page, and nothing more to say.
  await user.click(screen.getByRole('tab', { name: 'Design' }));
  await user.click(await screen.findByRole('radio', { name: 'Show in the drive’s viewer' }));
  await waitFor(() => expect(screen.queryByText(/too large or too complex/)).not.toBeInTheDocument());
  expect(element.value).toBe('');
  expect(contentCalls()).toEqual([422, 422]);
});
