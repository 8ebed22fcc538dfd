/**
 * The Design tab on the whole panel (real store, sagas and api client against the Mirage drive):
 * every setting changes the user model, is saved, and reaches the widget as a live preview.
 */
import { configure, screen, within } from '@testing-library/react';
import type { UserModel } from '../../api/schemas';
import { DEFAULT_SITE_COLORS } from '../../editor/siteDefaults';
import { type PanelHarness, type PanelHarnessOptions } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

async function openDesign(options?: PanelHarnessOptions) {
  const rendered = renderSettings(options);
  panel = rendered.panel;
  await panel.until((s) => s.user.loaded && s.siteStyle.loaded);
  await rendered.user.click(screen.getByRole('tab', { name: 'Design' }));
  await screen.findByRole('heading', { name: 'Corners' }); // the tab loads on demand
  return rendered.user;
}

const model = () => panel.store.getState().user.model;
const saved = async (predicate: (m: UserModel) => boolean) => {
  await panel.until((s) => predicate(s.user.model) && s.user.save.status === 'saved');
  return (await panel.api.loadUserModel({ fresh: true })).model;
};
const lastPreview = () =>
  panel.bridge
    .callsTo('settingsUpdated')
    .map(([message]) => message as { type: string; model?: UserModel })
    .filter((message) => message.type === 'preview')
    .pop()?.model;

describe('corner radii', () => {
  it('with the lock on, a radius typed in one spinner sets all four', async () => {
    const user = await openDesign();
    expect(screen.getByRole('checkbox', { name: 'Same radius for all corners' })).toBeChecked();
    const spinner = screen.getByRole('spinbutton', { name: 'Top right corner radius in pixels' });
    await user.tripleClick(spinner);
    await user.keyboard('24');
    for (const corner of ['Top left', 'Top right', 'Bottom left', 'Bottom right']) {
      expect(screen.getByRole('slider', { name: `${corner} corner radius` })).toHaveAttribute('aria-valuenow', '24');
    }
    expect(await saved((m) => m.cornerRadiusBottomLeft === 24)).toMatchObject({
      cornerRadiusTopLeft: 24,
      cornerRadiusTopRight: 24,
      cornerRadiusBottomLeft: 24,
      cornerRadiusBottomRight: 24,
    });
    expect(lastPreview()).toMatchObject({ cornerRadiusTopLeft: 24, cornerRadiusBottomRight: 24 });
  });

  it('with the lock off, each slider sets its own corner', async () => {
    const user = await openDesign();
    await user.click(screen.getByRole('checkbox', { name: 'Same radius for all corners' }));
    screen.getByRole('slider', { name: 'Bottom right corner radius' }).focus();
    await user.keyboard('{PageUp}{ArrowRight}');
    expect(screen.getByRole('spinbutton', { name: 'Bottom right corner radius in pixels' })).toHaveValue('11');
    expect(model()).toMatchObject({ lockCornersTogether: false, cornerRadiusBottomRight: 11, cornerRadiusTopLeft: 0 });
    expect(await saved((m) => m.cornerRadiusBottomRight === 11)).toMatchObject({ lockCornersTogether: false, cornerRadiusTopLeft: 0 });
  });
});

describe('border, colours and title bar', () => {
  it('the border width has a slider and a spinner, up to 20 px', async () => {
    const user = await openDesign();
    const spinner = screen.getByRole('spinbutton', { name: 'Border width in pixels' });
    await user.tripleClick(spinner);
    await user.keyboard('35');
    expect(spinner).toHaveValue('20');
    const slider = screen.getByRole('slider', { name: 'Border width' });
    expect(slider).toHaveAttribute('aria-valuenow', '20');
    expect(slider).toHaveAttribute('aria-valuemax', '20');
    expect(spinner).toHaveAttribute('aria-valuemax', '20');
    expect(await saved((m) => m.borderWidth === 20)).toMatchObject({ borderWidth: 20 });
  });

  it('a palette swatch stores its reference; a custom colour keeps its opacity', async () => {
    const user = await openDesign();
    await user.click(screen.getByRole('button', { name: /^Border colour: / }));
    const popup = screen.getByRole('dialog', { name: 'Border colour' });
    await user.click(within(popup).getByRole('radio', { name: 'Site colour 18, #0088CB' }));
    expect(model().borderColor).toBe('color_18');
    expect(screen.getByRole('button', { name: 'Border colour: Site colour 18, #0088CB' })).toBeInTheDocument();
    within(popup).getByRole('slider', { name: 'Opacity' }).focus();
    await user.keyboard('{PageDown}');
    expect(model().borderColor).toBe('#0088cbe6');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Border colour: custom colour #0088cb, 90% opaque' })).toHaveFocus();
    expect(await saved((m) => m.borderColor === '#0088cbe6')).toMatchObject({ borderColor: '#0088cbe6' });
  });

  it('background and text colours come from the palette the editor hands out', async () => {
    const palette = DEFAULT_SITE_COLORS.map((c) => (c.name === 'color_13' ? { ...c, value: '#ABCDEF' } : { ...c }));
    const user = await openDesign({ bridge: { siteColors: palette } });
    await user.click(screen.getByRole('button', { name: /^Background colour: / }));
    await user.click(within(screen.getByRole('dialog', { name: 'Background colour' })).getByRole('radio', { name: 'Site colour 13, #ABCDEF' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Text colour: / }));
    await user.click(within(screen.getByRole('dialog', { name: 'Text colour' })).getByRole('radio', { name: 'Site colour 35, #143F23' }));
    expect(await saved((m) => m.textColor === 'color_35')).toMatchObject({ backgroundColor: 'color_13', textColor: 'color_35' });
  });

  it('a change is saved with the colours its palette references stand for; an untouched model saves nothing', async () => {
    const palette = DEFAULT_SITE_COLORS.map((c) =>
      c.name === 'color_13' ? { ...c, value: '#ABCDEF' } : c.name === 'color_15' ? { ...c, value: '#123456' } : { ...c },
    );
    const user = await openDesign({ bridge: { siteColors: palette } });
    expect(model().paletteColors).toEqual({});
    expect(panel.requests({ path: '/api/save' })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /^Background colour: / }));
    await user.click(within(screen.getByRole('dialog', { name: 'Background colour' })).getByRole('radio', { name: 'Site colour 13, #ABCDEF' }));
    // In the same step as the change: the preview the widget gets already carries them.
    expect(lastPreview()).toMatchObject({ backgroundColor: 'color_13', paletteColors: { color_13: '#ABCDEF', color_15: '#123456' } });
    // The border (color_15 by default) and the text share one entry; a custom colour needs none.
    await user.click(screen.getByRole('button', { name: /^Text colour: / }));
    const popup = screen.getByRole('dialog', { name: 'Text colour' });
    await user.click(within(popup).getByRole('radio', { name: 'Site colour 35, #143F23' }));
    within(popup).getByRole('slider', { name: 'Opacity' }).focus();
    await user.keyboard('{PageDown}');
    expect(model().textColor).toBe('#143f23e6');
    expect(await saved((m) => m.textColor === '#143f23e6')).toMatchObject({ paletteColors: { color_13: '#ABCDEF', color_15: '#123456' } });
  });

  it('the title bar switches on and off', async () => {
    const user = await openDesign();
    const box = screen.getByRole('checkbox', { name: 'Show the file’s title above it' });
    expect(box).toHaveAccessibleDescription('The title uses the font of the Text tab.');
    await user.click(box);
    expect(await saved((m) => m.titleBar)).toMatchObject({ titleBar: true });
    expect(lastPreview()).toMatchObject({ titleBar: true });
    await user.click(box);
    expect(await saved((m) => !m.titleBar)).toMatchObject({ titleBar: false });
  });
});
