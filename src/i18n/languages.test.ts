/**
 * @jest-environment node
 */
import { LANGUAGES, LANGUAGE_TAGS, languageTag, spokenLanguage, toLanguage } from './languages';

describe('the stored locale codes and their BCP 47 tags', () => {
  it('are the spec’s eleven languages, Po being Polish and Pt Portuguese', () => {
    expect(LANGUAGES).toEqual(['en', 'de', 'es', 'fr', 'it', 'po', 'pt', 'ru', 'ja', 'ko', 'tr']);
    expect(languageTag('po')).toBe('pl');
    expect(languageTag('pt')).toBe('pt');
    expect(new Intl.DisplayNames(['en'], { type: 'language' }).of(languageTag('po'))).toBe('Polish');
  });

  it('every tag is canonical and known to Intl', () => {
    for (const tag of Object.values(LANGUAGE_TAGS)) {
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      expect(Intl.PluralRules.supportedLocalesOf([tag])).toEqual([tag]);
      expect(Intl.DateTimeFormat.supportedLocalesOf([tag])).toEqual([tag]);
      expect(Intl.Collator.supportedLocalesOf([tag])).toEqual([tag]);
    }
  });
});

describe('toLanguage', () => {
  it.each([
    ['de', 'de'],
    ['DE', 'de'],
    ['de-AT', 'de'],
    ['pt_BR', 'pt'],
    ['pt-br', 'pt'],
    ['po', 'po'],
    ['pl', 'po'],
    ['pl-PL', 'po'],
    [' ja ', 'ja'],
    ['ko', 'ko'],
    ['tr', 'tr'],
  ])('%s is %s', (locale, language) => {
    expect(toLanguage(locale)).toBe(language);
  });

  it.each(['', 'xx', 'zh', 'nl', 'english', null, undefined])('%p falls back to English', (locale) => {
    expect(toLanguage(locale)).toBe('en');
  });
});

describe('spokenLanguage', () => {
  it('takes a locale of the 11 languages, in any of their forms', () => {
    expect(['de', 'DE-at', 'de_AT', 'pl', 'po', 'en-GB'].map(spokenLanguage)).toEqual(['de', 'de', 'de', 'po', 'po', 'en']);
  });

  it('takes anything else as none, not as English', () => {
    expect(['xx', 'zh-CN', '', '"><script>', 'de'.repeat(20), 42, null, undefined].map(spokenLanguage)).toEqual(Array(8).fill(null));
  });
});
