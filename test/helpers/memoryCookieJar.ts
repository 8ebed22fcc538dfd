/** A test CookieJar: values live in memory (never in document.cookie), starting from the given ones. */
import type { CookieJar } from '../../src/settings/services/cookies';

export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (name) => values.get(name), set: (name, value) => void values.set(name, value) };
}
