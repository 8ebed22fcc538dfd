/** Waiting on Jest's fake clock (`jest.useFakeTimers()`): time passes only when the test moves it on. */

/** Moves the clock on until `promise` settles (at most `ms` of clock time). */
export async function onFakeClock<T>(promise: Promise<T>, ms = 60_000, stepMs = 10): Promise<T> {
  let settled = false;
  const done = promise.finally(() => (settled = true));
  await clockUntil(() => settled, ms, 'the promise to settle', stepMs);
  return done;
}

/**
 * Moves the clock on, `stepMs` at a time (timers and promises run as they fall due), until
 * `condition` holds; fails once `ms` of clock time passed. Resolves with the clock time it took.
 */
export async function clockUntil(condition: () => boolean, ms = 60_000, what = 'the condition', stepMs = 10): Promise<number> {
  for (let elapsedMs = 0; ; elapsedMs += stepMs) {
    if (condition()) return elapsedMs;
    if (elapsedMs >= ms) throw new Error(`After ${ms} ms of clock time, still waiting for ${what}`);
    await jest.advanceTimersByTimeAsync(stepMs);
  }
}
