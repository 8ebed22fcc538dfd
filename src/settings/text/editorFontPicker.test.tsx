/**
 * Where the editor has a font picker of its own (the current editor's `inputs.selectFont`), the Text
 * tab's font button opens that one instead of the panel's popup; the font picked is the model's,
 * saved and previewed like any other.
 */
import { configure, screen } from '@testing-library/react';
import { CUSTOM_PRESET, DEFAULT_FONT, type FontValue } from '../../contract/font';
import { type PanelHarness } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

const GEORGIA: FontValue = {
  size: 24,
  style: { bold: true, italic: false, underline: false },
  family: 'Georgia',
  cssFontFamily: 'Georgia,serif',
  preset: CUSTOM_PRESET,
};

async function openText(pickFont: jest.Mock) {
  const rendered = renderSettings({ bridgeOverrides: { pickFont } });
  panel = rendered.panel;
  await panel.until((s) => s.user.loaded && s.siteStyle.loaded);
  await rendered.user.click(screen.getByRole('tab', { name: 'Text' }));
  await screen.findByRole('heading', { name: 'Font' });
  return rendered.user;
}

it("opens the editor's font picker on the font shown, not the panel's popup; the font picked is saved", async () => {
  const pickFont = jest.fn().mockResolvedValue(GEORGIA);
  const user = await openText(pickFont);
  await user.click(screen.getByRole('button', { name: 'Font settings' }));
  expect(pickFont).toHaveBeenCalledWith(
    expect.objectContaining({ family: DEFAULT_FONT.family, preset: 'Body-M' }),
    expect.objectContaining({ 'Body-M': expect.anything() }),
  );
  expect(screen.queryByRole('dialog', { name: 'Font settings' })).toBeNull();
  await panel.until((s) => s.user.model.font?.family === 'Georgia' && s.user.save.status === 'saved');
  expect((await panel.api.loadUserModel({ fresh: true })).model.font).toEqual(GEORGIA);
});

it('nothing picked (the picker closed, or failed): the font stays', async () => {
  const pickFont = jest.fn().mockResolvedValue(null);
  const user = await openText(pickFont);
  await user.click(screen.getByRole('button', { name: 'Font settings' }));
  await panel.until(() => pickFont.mock.calls.length === 1);
  expect(panel.store.getState().user.model.font).toBeNull();
});
