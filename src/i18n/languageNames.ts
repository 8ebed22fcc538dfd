/** Each language of spec §9 named in its own language, for the locale picker. */
import type { Language } from './languages';

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  po: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  ja: '日本語',
  ko: '한국어',
  tr: 'Türkçe',
};
