/**
 * When the next attempt of an unconfirmed save goes out: capped exponential backoff with jitter
 * (`firstMs`, twice that, four times… up to `maxMs`, each between half and all of its step, at
 * random, so panels that lost the server together do not come back together), or the server's own
 * Retry-After when it gave one.
 */
export interface SaveBackoff {
  /** The first wait's step, in ms. */
  firstMs: number;
  /** The longest wait, in ms. */
  maxMs: number;
}

export const SAVE_BACKOFF: SaveBackoff = { firstMs: 1000, maxMs: 60_000 };

/** The step of the wait after failed attempt `attempt` (1, 2, …): firstMs·2^(attempt-1), at most maxMs. */
export function backoffStep(attempt: number, { firstMs, maxMs }: SaveBackoff): number {
  const doublings = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(maxMs, firstMs * 2 ** doublings);
}

/** The wait after failed attempt `attempt`: between half and all of its step (`random` in [0, 1)). */
export function backoffDelay(attempt: number, backoff: SaveBackoff, random: number): number {
  const step = backoffStep(attempt, backoff);
  return Math.round(step / 2 + (step / 2) * random);
}
