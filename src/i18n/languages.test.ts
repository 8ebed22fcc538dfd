import { LANGUAGES, languageTag } from './languages';

describe('languages', () => {
  it('are the eleven of the spec, stored lower-cased, each named in its own language', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'de', 'es', 'fr', 'it', 'po', 'pt', 'ru', 'ja', 'ko', 'tr']);
    for (const l of LANGUAGES) expect(l.code).toBe(l.code.toLowerCase());
    expect(LANGUAGES.find((l) => l.code === 'de')?.name).toBe('Deutsch');
    expect(LANGUAGES.find((l) => l.code === 'ja')?.name).toBe('日本語');
  });

  it('map a stored locale to its BCP 47 tag', () => {
    expect(languageTag('po')).toBe('pl');
    expect(languageTag('PO')).toBe('pl');
    expect(languageTag('pl')).toBe('pl');
    expect(languageTag('de-AT')).toBe('de');
    expect(languageTag('xx')).toBe('en');
  });
});
