/**
 * The Design tab's display choices (issue 20) on the whole panel (real store, sagas and api client
 * against the Mirage drive): found by role and name, each choice is saved as the contract's field
 * and the server's answer (Mirage's, by the same contract) holds it.
 */
import { configure, screen, within } from '@testing-library/react';
import type { UserModel } from '../../api/schemas';
import { type PanelHarness } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

async function openDesign() {
  const rendered = renderSettings();
  panel = rendered.panel;
  await panel.until((s) => s.user.loaded && s.siteStyle.loaded);
  await rendered.user.click(screen.getByRole('tab', { name: 'Design' }));
  await screen.findByRole('group', { name: 'How the file shows' });
  return rendered.user;
}

const saved = async (predicate: (m: UserModel) => boolean) => {
  await panel.until((s) => predicate(s.user.model) && s.user.save.status === 'saved');
  return (await panel.api.loadUserModel({ fresh: true })).model;
};

it('shows the file as part of the page by default; the viewer is one click away, and saved', async () => {
  const user = await openDesign();
  expect(screen.getByRole('radio', { name: 'Show as part of the page' })).toBeChecked();
  await user.click(screen.getByRole('radio', { name: 'Show in the drive’s viewer' }));
  expect(await saved((m) => m.display === 'viewer')).toMatchObject({ display: 'viewer' });
  await user.click(screen.getByRole('checkbox', { name: 'Keep the document’s own fonts and colours' }));
  expect(await saved((m) => m.keepDocumentLook)).toMatchObject({ keepDocumentLook: true });
});

it('a presentation shows all its slides by default; one at a time is one click away, and saved', async () => {
  const user = await openDesign();
  const slides = screen.getByRole('group', { name: 'Presentations' });
  expect(within(slides).getByRole('radio', { name: 'All slides, one under another' })).toBeChecked();
  await user.click(within(slides).getByRole('radio', { name: 'One slide at a time, with previous and next' }));
  expect(await saved((m) => m.slideView === 'one')).toMatchObject({ slideView: 'one' });
  await user.click(within(slides).getByRole('radio', { name: 'All slides, one under another' }));
  expect(await saved((m) => m.slideView === 'all')).toMatchObject({ slideView: 'all' });
});

it('a fixed viewer height is typed in pixels, within the contract’s limits; automatic goes back to null', async () => {
  const user = await openDesign();
  expect(screen.getByRole('radio', { name: 'Automatic, by the kind of file' })).toBeChecked();
  expect(screen.queryByRole('spinbutton', { name: 'Viewer height in pixels' })).toBeNull();
  await user.click(screen.getByRole('radio', { name: 'Fixed' }));
  const spinner = screen.getByRole('spinbutton', { name: 'Viewer height in pixels' });
  await user.tripleClick(spinner);
  await user.keyboard('720');
  expect(await saved((m) => m.viewerHeight === 720)).toMatchObject({ viewerHeight: 720 });
  await user.click(screen.getByRole('radio', { name: 'Automatic, by the kind of file' }));
  expect(await saved((m) => m.viewerHeight === null)).toMatchObject({ viewerHeight: null });
});

it('the viewer height’s step buttons are named in the editor’s language', async () => {
  const rendered = renderSettings({ language: 'de' });
  panel = rendered.panel;
  await panel.until((s) => s.user.loaded && s.siteStyle.loaded);
  await rendered.user.click(await screen.findByRole('tab', { name: 'Design' }));
  await rendered.user.click(await screen.findByRole('radio', { name: 'Fest' }));
  const spinner = screen.getByRole('spinbutton', { name: 'Höhe der Vorschau in Pixeln' });
  expect(spinner).toHaveValue('600');
  await rendered.user.click(screen.getByRole('button', { name: 'Erhöhen Höhe der Vorschau in Pixeln' }));
  expect(await saved((m) => m.viewerHeight === 601)).toMatchObject({ viewerHeight: 601 });
  expect(screen.getByRole('button', { name: 'Verringern Höhe der Vorschau in Pixeln' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Increase|Decrease/ })).toBeNull();
});
