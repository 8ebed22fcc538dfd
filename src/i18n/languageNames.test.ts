/**
 * @jest-environment node
 */
import { LANGUAGE_NAMES } from './languageNames';
import { LANGUAGES } from './languages';

describe('language names', () => {
  it('name each of the eleven languages in that language', () => {
    expect(LANGUAGES.map((code) => LANGUAGE_NAMES[code])).toEqual([
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
  });
});
