/**
 * @jest-environment node
 */
import { defaultUserModel } from '../../api/schemas';
import { DEFAULT_SITE_TEXT_PRESETS } from '../../editor/siteDefaults';
import { fontEdited, fontPresetChosen } from './events';
import { userActions, userReducer, type UserState } from './userSlice';

const start = (): UserState => ({ ...userReducer(undefined, { type: 'init' }), model: defaultUserModel(), loaded: true });

describe('the owner’s edits of the user model', () => {
  it('with the corners locked, one radius sets all four; unlocked, only its own; a negative one changes nothing', () => {
    const locked = userReducer(start(), userActions.cornerRadiusChanged({ corner: 'TopRight', value: 12 }));
    expect(locked.model).toMatchObject({ cornerRadiusTopLeft: 12, cornerRadiusTopRight: 12, cornerRadiusBottomLeft: 12, cornerRadiusBottomRight: 12 });
    const unlocked = userReducer(locked, userActions.cornersLockChanged(false));
    const one = userReducer(unlocked, userActions.cornerRadiusChanged({ corner: 'BottomLeft', value: 5 }));
    expect(one.model).toMatchObject({ lockCornersTogether: false, cornerRadiusBottomLeft: 5, cornerRadiusTopLeft: 12 });
    expect(userReducer(one, userActions.cornerRadiusChanged({ corner: 'BottomLeft', value: -4 }))).toBe(one);
  });

  it('a colour is a palette reference or a custom hex; anything else changes nothing', () => {
    let state = userReducer(start(), userActions.colorChanged({ target: 'textColor', value: 'color_21' }));
    expect(state.model.textColor).toBe('color_21');
    state = userReducer(state, userActions.colorChanged({ target: 'backgroundColor', value: '#11223380' }));
    expect(state.model.backgroundColor).toBe('#11223380');
    const before = state;
    expect(userReducer(state, userActions.colorChanged({ target: 'borderColor', value: 'red; background: url(x)' }))).toBe(before);
  });

  it('the border width is a whole number from 0 to 20; a width outside the contract changes nothing', () => {
    const five = userReducer(start(), userActions.borderWidthChanged(5));
    expect(five.model.borderWidth).toBe(5);
    expect(userReducer(five, userActions.borderWidthChanged(7.6)).model.borderWidth).toBe(8);
    expect(userReducer(five, userActions.borderWidthChanged(20)).model.borderWidth).toBe(20);
    expect(userReducer(five, userActions.borderWidthChanged(99))).toBe(five);
    expect(userReducer(five, userActions.borderWidthChanged(-3))).toBe(five);
    expect(userReducer(five, userActions.borderWidthChanged(Number.NaN))).toBe(five);
  });

  it('a corner radius outside 0 to 100 changes nothing; a locked one is copied to all four corners', () => {
    const locked = userReducer(start(), userActions.cornerRadiusChanged({ corner: 'TopRight', value: 12 }));
    expect([
      locked.model.cornerRadiusTopLeft,
      locked.model.cornerRadiusTopRight,
      locked.model.cornerRadiusBottomLeft,
      locked.model.cornerRadiusBottomRight,
    ]).toEqual([12, 12, 12, 12]);
    expect(userReducer(locked, userActions.cornerRadiusChanged({ corner: 'TopLeft', value: -1 }))).toBe(locked);
    expect(userReducer(locked, userActions.cornerRadiusChanged({ corner: 'TopLeft', value: 101 }))).toBe(locked);
  });

  it('the locale is stored lower-cased, and an empty one is refused', () => {
    expect(userReducer(start(), userActions.localeChanged('DE')).model.locale).toBe('de');
    expect(userReducer(start(), userActions.localeChanged('  ')).model.locale).toBe('en');
  });

  it('a preset sets size, style and family; a change by hand makes the font custom', () => {
    const preset = userReducer(start(), fontPresetChosen({ name: 'Heading-S', preset: DEFAULT_SITE_TEXT_PRESETS['Heading-S']! }));
    expect(preset.model.font).toMatchObject({ preset: 'Heading-S', size: 22, style: { bold: true }, family: 'din-next-w01-light' });
    const edited = userReducer(preset, fontEdited({ font: preset.model.font!, edit: { size: 30, style: { italic: true } } }));
    expect(edited.model.font).toMatchObject({ preset: 'Custom', size: 30, style: { bold: true, italic: true }, family: 'din-next-w01-light' });
  });

  it('a font is stored only when it is a valid font value', () => {
    const font = { size: 14, style: { bold: true, italic: false, underline: false }, family: 'Arial', preset: 'Custom' };
    expect(userReducer(start(), fontEdited({ font, edit: {} })).model.font).toEqual(font);
    const state = start();
    expect(userReducer(state, fontEdited({ font, edit: { family: '' } }))).toBe(state);
    const noFamily = { ...DEFAULT_SITE_TEXT_PRESETS.Menu!, fontFamily: '' };
    expect(userReducer(state, fontPresetChosen({ name: 'Menu', preset: noFamily }))).toBe(state);
  });

  it('the title bar toggles', () => {
    expect(userReducer(start(), userActions.titleBarToggled(true)).model.titleBar).toBe(true);
  });
});
