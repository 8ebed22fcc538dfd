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

  it('the border width is a whole number from 0 to 20', () => {
    expect(userReducer(start(), userActions.borderWidthChanged(7.6)).model.borderWidth).toBe(8);
    expect(userReducer(start(), userActions.borderWidthChanged(99)).model.borderWidth).toBe(20);
    expect(userReducer(start(), userActions.borderWidthChanged(-3)).model.borderWidth).toBe(0);
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
