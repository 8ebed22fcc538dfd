/**
 * The Text tab on the whole panel: the font popup (presets, family, size, style toggles), the
 * Unknown Preset message, and the language picker; real store, sagas and the Mirage drive.
 */
import { configure, screen, within } from '@testing-library/react';
import type { UserModel } from '../../api/schemas';
import { DEFAULT_SITE_TEXT_PRESETS } from '../../editor/siteDefaults';
import { settle, type PanelHarness, type PanelHarnessOptions } from '../../../test/helpers/panelHarness';
import { renderSettings } from '../../../test/helpers/renderSettings';

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let panel: PanelHarness;
afterEach(() => panel.stop());

async function openText(options?: PanelHarnessOptions) {
  const rendered = renderSettings(options);
  panel = rendered.panel;
  await panel.until((s) => s.user.loaded && s.siteStyle.loaded && s.user.save.status !== 'pending');
  await rendered.user.click(screen.getByRole('tab', { name: 'Text' }));
  await screen.findByRole('heading', { name: 'Font' }); // the tab loads on demand
  return rendered.user;
}

async function openFontPopup(user: Awaited<ReturnType<typeof openText>>) {
  await user.click(screen.getByRole('button', { name: 'Font settings' }));
  return screen.getByRole('dialog', { name: 'Font settings' });
}

const font = () => panel.store.getState().user.model.font;
const saved = async (predicate: (m: UserModel) => boolean) => {
  await panel.until((s) => predicate(s.user.model) && s.user.save.status === 'saved');
  return (await panel.api.loadUserModel({ fresh: true })).model;
};

describe('the font popup', () => {
  it('is 287 px wide and starts from the site’s Body M preset', async () => {
    const user = await openText();
    expect(screen.getByRole('button', { name: 'Font settings' })).toHaveAccessibleDescription('Body M, Avenir Lt Light, 16 px');
    const popup = await openFontPopup(user);
    expect(popup).toHaveStyle({ width: '287px' });
    expect(within(popup).getByRole('combobox', { name: 'Text style' })).toHaveTextContent('Body M');
    expect(within(popup).getByRole('spinbutton', { name: 'Font size' })).toHaveValue('16');
    expect(font()).toBeNull();
  });

  it('choosing a preset sets size, style and family', async () => {
    const user = await openText();
    const popup = await openFontPopup(user);
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    await user.click(screen.getByRole('option', { name: 'Heading S' }));
    expect(font()).toMatchObject({ preset: 'Heading-S', size: 22, style: { bold: true, italic: false, underline: false }, family: 'din-next-w01-light' });
    expect(within(popup).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    expect((await saved((m) => m.font?.preset === 'Heading-S')).font).toMatchObject({ preset: 'Heading-S', size: 22 });
  });

  it('a manual change makes the font custom', async () => {
    const user = await openText();
    const popup = await openFontPopup(user);
    const size = within(popup).getByRole('spinbutton', { name: 'Font size' });
    await user.tripleClick(size);
    await user.keyboard('30');
    expect(font()).toMatchObject({ preset: 'Custom', size: 30, family: 'avenir-lt-w01_35-light1475496' });
    expect(within(popup).getByRole('combobox', { name: 'Text style' })).toHaveTextContent('Custom');
    await user.click(within(popup).getByRole('button', { name: 'Italic' }));
    await user.click(within(popup).getByRole('button', { name: 'Underline' }));
    expect(font()?.style).toEqual({ bold: false, italic: true, underline: true });
    await user.click(within(popup).getByRole('button', { name: 'Bold' }));
    expect(font()?.style).toEqual({ bold: true, italic: true, underline: true });
    expect(within(popup).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    await user.click(screen.getByRole('option', { name: 'Body XS' }));
    expect(font()).toMatchObject({ preset: 'Body-XS', size: 12, style: { bold: false, italic: true, underline: false } });
  });

  it('the size spinner keeps to 10–80 px: a typed value above 80 becomes 80', async () => {
    const user = await openText();
    const popup = await openFontPopup(user);
    const size = within(popup).getByRole('spinbutton', { name: 'Font size' });
    await user.tripleClick(size);
    await user.keyboard('95');
    expect(size).toHaveValue('80');
    expect(font()?.size).toBe(80);
    expect(size).toHaveAttribute('aria-valuemin', '10');
    expect(size).toHaveAttribute('aria-valuemax', '80');
    await user.keyboard('{Home}{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}{PageDown}');
    expect(size).toHaveValue('10');
    expect(font()?.size).toBe(10);
  });

  it('lists the site’s fonts first, then more fonts', async () => {
    const user = await openText();
    const popup = await openFontPopup(user);
    await user.click(within(popup).getByRole('combobox', { name: 'Font family' }));
    const listbox = screen.getByRole('listbox', { name: 'Font family' });
    const groups = within(listbox).getAllByRole('group');
    expect(groups).toEqual([within(listbox).getByRole('group', { name: 'Site fonts' }), within(listbox).getByRole('group', { name: 'More fonts' })]);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Din Next Light', 'Avenir Lt Light']);
    await user.click(within(groups[1]!).getByRole('option', { name: 'Georgia' }));
    expect(font()).toMatchObject({ family: 'Georgia', cssFontFamily: 'Georgia, "Times New Roman", serif', preset: 'Custom' });
  });

  it('uses the presets the editor hands out', async () => {
    const presets = { ...DEFAULT_SITE_TEXT_PRESETS, Title: { ...DEFAULT_SITE_TEXT_PRESETS.Title!, size: '72px' } };
    const user = await openText({ bridge: { siteTextPresets: presets } });
    const popup = await openFontPopup(user);
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    await user.click(screen.getByRole('option', { name: 'Title' }));
    expect(font()).toMatchObject({ preset: 'Title', size: 72 });
  });

  it('falls back to the default presets when the editor hands none', async () => {
    const user = await openText({ bridgeOverrides: { siteTextPresets: () => Promise.reject(new Error('no answer')) } });
    const popup = await openFontPopup(user);
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    expect(screen.getAllByRole('option')).toHaveLength(11);
    await user.click(screen.getByRole('option', { name: 'Heading XL' }));
    expect(font()).toMatchObject({ preset: 'Heading-XL', size: 48 });
  });
});

describe('Unknown Preset', () => {
  it('a malformed preset shows a clear message, breaks nothing, and is never saved', async () => {
    const presets = { ...DEFAULT_SITE_TEXT_PRESETS, Menu: { ...DEFAULT_SITE_TEXT_PRESETS.Menu!, fontFamily: '' } };
    const user = await openText({ bridge: { siteTextPresets: presets } });
    const saves = panel.requests({ path: '/api/save' }).length;
    let popup = await openFontPopup(user);
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    await user.click(screen.getByRole('option', { name: 'Menu' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This font setting cannot be used, so it was not saved.');
    expect(alert).toHaveTextContent('Unknown Preset {"size":16');
    expect(font()).toBeNull();

    await settle(60);
    expect(panel.requests({ path: '/api/save' })).toHaveLength(saves);
    expect(panel.store.getState().user.save.status).not.toBe('pending');
    // The message can be dismissed (the press outside also closes the popup).
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A valid choice afterwards is saved; it clears a message too.
    popup = await openFontPopup(user);
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    await user.click(screen.getByRole('option', { name: 'Menu' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown Preset');
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    await user.click(screen.getByRole('option', { name: 'Body L' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect((await saved((m) => m.font?.preset === 'Body-L')).font).toMatchObject({ preset: 'Body-L', size: 18 });
  });

  it('a preset of 0 px is refused with the reason, and the model keeps its font', async () => {
    const presets = { ...DEFAULT_SITE_TEXT_PRESETS, Menu: { ...DEFAULT_SITE_TEXT_PRESETS.Menu!, size: '0px' } };
    const user = await openText({ bridge: { siteTextPresets: presets } });
    const popup = await openFontPopup(user);
    await user.click(within(popup).getByRole('combobox', { name: 'Text style' }));
    await user.click(screen.getByRole('option', { name: 'Menu' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Its size must be more than 0 px and at most 1,000 px.');
    expect(font()).toBeNull();
  });
});

describe('the language picker', () => {
  it('lists the 11 languages each in its own language and stores the code lower-cased', async () => {
    const user = await openText();
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(picker).toHaveTextContent('English');
    await user.click(picker);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'English',
      'Deutsch',
      'Español',
      'Français',
      'Italiano',
      'Polski',
      'Português',
      'Русский',
      '日本語',
      '한국어',
      'Türkçe',
    ]);
    expect(screen.getByRole('option', { name: '日本語' })).toHaveAttribute('lang', 'ja');
    await user.click(screen.getByRole('option', { name: 'Polski' }));
    expect((await saved((m) => m.locale === 'po')).locale).toBe('po');
    expect(picker).toHaveTextContent('Polski');
  });
});
