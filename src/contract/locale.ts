/** The widget's language as the model stores it (spec §3, §9: stored lower-cased). */
const LOCALE = /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/;

/** The longest text taken as a language code. */
export const MAX_LOCALE_LENGTH = 35;

/** The stored form of a language code (trimmed, lower-cased), or null when it is not one. */
export function readLocale(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_LOCALE_LENGTH) return null;
  const locale = value.trim().toLowerCase();
  return LOCALE.test(locale) ? locale : null;
}
