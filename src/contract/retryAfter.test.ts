import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryAfterValue } from './retryAfter';

describe('the Retry-After rule', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('reads whole seconds and HTTP dates as a wait from now', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 25 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('bounds the wait, and ignores what is not a Retry-After', () => {
    expect(parseRetryAfter('999999', now)).toBe(MAX_RETRY_AFTER_MS);
    for (const bad of [null, undefined, '', '-5', '1.5', 'soon', '5 seconds', 'Wed, 99 Nov 2026 12:00:30 GMT']) {
      expect(parseRetryAfter(bad, now)).toBeNull();
    }
  });

  it('writes whole seconds', () => {
    expect(retryAfterValue(2.1)).toBe('3');
    expect(retryAfterValue(-1)).toBe('0');
  });
});
