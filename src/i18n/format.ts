/**
 * The platform's Intl objects, built once per language and reused: building a formatter or a
 * collator is the costly part (a collator per comparison is ~25× slower when sorting).
 */
import { languageTag, type Language } from './languages';

const cache = new Map<string, unknown>();

function once<T>(kind: string, language: Language, make: (tag: string) => T): T {
  const key = `${kind}:${language}`;
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make(languageTag(language));
    cache.set(key, value);
  }
  return value;
}

export const pluralRules = (language: Language): Intl.PluralRules => once('plural', language, (tag) => new Intl.PluralRules(tag));

export const numberFormat = (language: Language): Intl.NumberFormat => once('number', language, (tag) => new Intl.NumberFormat(tag));

/** Languages whose medium date is too wide for the files table's column (28 de mar. de 2026, 28 февр. 2026 г.). */
const SHORT_DATES: readonly Language[] = ['pt', 'ru'];

/**
 * Dates as the files table shows them: the language's medium date (Mar 28, 2026, 28.03.2026,
 * 2026/03/28), or its short one where the medium date does not fit (28/03/2026, 28.03.2026).
 */
export const dateFormat = (language: Language): Intl.DateTimeFormat =>
  once('date', language, (tag) => new Intl.DateTimeFormat(tag, { dateStyle: SHORT_DATES.includes(language) ? 'short' : 'medium' }));

/** Title order: the language's collation, case- and accent-insensitive, numbers by value (File 2 < File 10). */
export const titleCollator = (language: Language): Intl.Collator =>
  once('collator', language, (tag) => new Intl.Collator(tag, { sensitivity: 'base', numeric: true }));

/** A time of day as the language writes it, with seconds (14:03:05, 2:03:05 PM). */
export const timeFormat = (language: Language): Intl.DateTimeFormat => once('time', language, (tag) => new Intl.DateTimeFormat(tag, { timeStyle: 'medium' }));
