/**
 * @jest-environment node
 */
import { defaultUserModel } from '../../api/schemas';
import { fontChosen } from './events';
import { userActions, userReducer, type UserState } from './userSlice';

const start = (): UserState => ({ ...userReducer(undefined, { type: 'init' }), model: defaultUserModel(), loaded: true });

describe('Design and Text events on the user model', () => {
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

  it('a font is stored only when it is a valid font value', () => {
    const font = { size: 14, style: { bold: true, italic: false, underline: false }, family: 'Arial', preset: 'Custom' };
    expect(userReducer(start(), fontChosen(font)).model.font).toEqual(font);
    const state = start();
    expect(userReducer(state, fontChosen({ ...font, family: '' }))).toBe(state);
  });

  it('the title bar toggles', () => {
    expect(userReducer(start(), userActions.titleBarToggled(true)).model.titleBar).toBe(true);
  });
});
