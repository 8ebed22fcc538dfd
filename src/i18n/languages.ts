/**
 * The languages of spec §9 (En, De, Es, Fr, It, Po, Pt, Ru, Ja, Ko, Tr): the stored code is the
 * spec's, lower-cased; `tag` is the BCP 47 tag for Intl and for the drive viewer's `hl` (the
 * spec's "Po" is Polish, `pl`); `name` is the language's name in that language.
 */
export interface Language {
  code: string;
  tag: string;
  name: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'en', tag: 'en', name: 'English' },
  { code: 'de', tag: 'de', name: 'Deutsch' },
  { code: 'es', tag: 'es', name: 'Español' },
  { code: 'fr', tag: 'fr', name: 'Français' },
  { code: 'it', tag: 'it', name: 'Italiano' },
  { code: 'po', tag: 'pl', name: 'Polski' },
  { code: 'pt', tag: 'pt', name: 'Português' },
  { code: 'ru', tag: 'ru', name: 'Русский' },
  { code: 'ja', tag: 'ja', name: '日本語' },
  { code: 'ko', tag: 'ko', name: '한국어' },
  { code: 'tr', tag: 'tr', name: 'Türkçe' },
];

/** The BCP 47 tag for a stored locale (any case; `pl` is accepted for Polish too); English when unknown. */
export function languageTag(locale: string): string {
  const code = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return LANGUAGES.find((language) => language.code === code || language.tag === code)?.tag ?? 'en';
}
