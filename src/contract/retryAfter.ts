/**
 * The `Retry-After` rule, for the server, the mock and the panel alike: a refusal that passes with
 * time (429, 503) may say when to come back, in whole seconds or as an HTTP date. The panel waits
 * that long before its next attempt, within a bound, so a hostile or broken value cannot stop it
 * for good nor make it hammer the server.
 */
export const RETRY_AFTER_HEADER = 'Retry-After';

/** The longest wait a Retry-After may impose on the panel, in ms. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** The header's value as a wait in ms from `now`, bounded by MAX_RETRY_AFTER_MS; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP date names a weekday and a GMT time: anything else (a bare number with a sign, a
  // fraction) is not a Retry-After.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return null;
  return Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS);
}

/** The header's value for a wait of `seconds` (a whole number ≥ 0). */
export const retryAfterValue = (seconds: number): string => String(Math.max(0, Math.ceil(seconds)));
