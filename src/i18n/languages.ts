/**
 * The spec's languages (§9) as the user model stores them (lower-cased codes) and the BCP 47 tag
 * each one means. This is the only place that knows `po` is Polish (`pl`).
 */
import { readLocale } from '../contract/locale';

export const LANGUAGE_TAGS = {
  en: 'en',
  de: 'de',
  es: 'es',
  fr: 'fr',
  it: 'it',
  po: 'pl',
  pt: 'pt',
  ru: 'ru',
  ja: 'ja',
  ko: 'ko',
  tr: 'tr',
} as const;

export type Language = keyof typeof LANGUAGE_TAGS;
export type LanguageTag = (typeof LANGUAGE_TAGS)[Language];

/** In the spec's order. */
export const LANGUAGES: readonly Language[] = ['en', 'de', 'es', 'fr', 'it', 'po', 'pt', 'ru', 'ja', 'ko', 'tr'];
export const SOURCE_LANGUAGE = 'en' satisfies Language;

const isLanguage = (value: string): value is Language => Object.hasOwn(LANGUAGE_TAGS, value);

/**
 * The language for a stored or editor-given locale: `de`, `DE`, `de-AT` and `de_AT` are German;
 * `pl` (the editor's code) and `po` (the stored one) are Polish; anything unknown is English.
 */
export function toLanguage(locale: string | null | undefined): Language {
  const primary = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'pl') return 'po';
  return isLanguage(primary) ? primary : SOURCE_LANGUAGE;
}

export const languageTag = (language: Language): LanguageTag => LANGUAGE_TAGS[language];

/**
 * The language a locale asks for when it is one of the 11 (`de`, `de-AT`, `pl`, `po`…), else null:
 * unlike toLanguage, an unknown or malformed value is not taken as English (a value is hostile until checked).
 */
export function spokenLanguage(value: unknown): Language | null {
  const locale = readLocale(value);
  if (locale === null) return null;
  const language = toLanguage(locale);
  return language !== SOURCE_LANGUAGE || locale.split(/[-_]/)[0] === SOURCE_LANGUAGE ? language : null;
}
