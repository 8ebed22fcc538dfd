/**
 * Where the editor has a colour picker of its own (the current editor's), the Design tab's colour
 * buttons open that one; the colour picked is the model's, saved and previewed like any other.
 */
import { configure, screen } from '@testing-library/react';
import { type PanelHarness } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

async function openDesign(pickColor: jest.Mock) {
  const rendered = renderSettings({ bridgeOverrides: { pickColor } });
  panel = rendered.panel;
  await panel.until((s) => s.user.loaded && s.siteStyle.loaded);
  await rendered.user.click(screen.getByRole('tab', { name: 'Design' }));
  await screen.findByRole('heading', { name: 'Corners' });
  return rendered.user;
}

it("opens the editor's picker on the current colour; the picked colour is saved", async () => {
  const pickColor = jest.fn().mockResolvedValue({ value: 'color_28' });
  const user = await openDesign(pickColor);
  await user.click(screen.getByRole('button', { name: /^Border colour: / }));
  expect(pickColor).toHaveBeenCalledWith('color_15', expect.arrayContaining([expect.objectContaining({ name: 'color_18' })]));
  expect(screen.queryByRole('dialog', { name: 'Border colour' })).toBeNull();
  await panel.until((s) => s.user.model.borderColor === 'color_28' && s.user.save.status === 'saved');
  expect((await panel.api.loadUserModel({ fresh: true })).model.borderColor).toBe('color_28');
});

it('nothing picked (the picker closed, or failed): the colour stays', async () => {
  const pickColor = jest.fn().mockResolvedValue(null);
  const user = await openDesign(pickColor);
  await user.click(screen.getByRole('button', { name: /^Background colour: / }));
  await panel.until(() => pickColor.mock.calls.length === 1);
  expect(panel.store.getState().user.model.backgroundColor).toBe('color_11');
});

it("a theme variable the editor's picker answered is kept with its fallback, saved, and named by the button", async () => {
  const pickColor = jest.fn().mockResolvedValue({ value: 'var(--wst-primary-color, #116dff)' });
  const user = await openDesign(pickColor);
  await user.click(screen.getByRole('button', { name: /^Text colour: / }));
  await panel.until((s) => s.user.model.textColor === 'var(--wst-primary-color, #116dff)' && s.user.save.status === 'saved');
  expect((await panel.api.loadUserModel({ fresh: true })).model.textColor).toBe('var(--wst-primary-color, #116dff)');
  expect(screen.getByRole('button', { name: 'Text colour: theme colour wst-primary-color (else #116dff)' })).toBeInTheDocument();
});

it('an answer the widget cannot keep is said beside the colour, which stays; the next pick clears it', async () => {
  const pickColor = jest.fn().mockResolvedValueOnce({ unreadable: 'hsl(10, 20%, 30%)' }).mockResolvedValueOnce({ value: '#123456' });
  const user = await openDesign(pickColor);
  const button = screen.getByRole('button', { name: /^Border colour: / });
  await user.click(button);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent("The editor's colour picker answered “hsl(10, 20%, 30%)”, which the widget cannot keep. The colour stays as it was.");
  expect(button).toHaveAccessibleDescription(alert.textContent!);
  expect(panel.store.getState().user.model.borderColor).toBe('color_15');
  await user.click(button);
  await panel.until((s) => s.user.model.borderColor === '#123456');
  expect(screen.queryByRole('alert')).toBeNull();
});
