import { useCallback, useEffect, useRef } from 'react';

/** Spec §9: a held spinner button repeats after 500 ms, then every 100 ms. */
const AUTO_REPEAT_DELAY_MS = 500;
const AUTO_REPEAT_INTERVAL_MS = 100;

/**
 * Runs `action` once at `start()`, again after 500 ms and then every 100 ms until `stop()`
 * (or unmount). `action` is read fresh on every tick.
 */
export function useAutoRepeat(action: () => void): { start: () => void; stop: () => void } {
  const latest = useRef(action);
  latest.current = action;
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; every?: ReturnType<typeof setInterval> }>({});

  const stop = useCallback(() => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.every);
    timers.current = {};
  }, []);

  const start = useCallback(() => {
    stop();
    latest.current();
    timers.current.delay = setTimeout(() => {
      timers.current.every = setInterval(() => latest.current(), AUTO_REPEAT_INTERVAL_MS);
      latest.current();
    }, AUTO_REPEAT_DELAY_MS);
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { start, stop };
}
