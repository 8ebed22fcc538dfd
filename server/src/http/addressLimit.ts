/**
 * Failed checks per client address, in fixed windows: an address may have at most `max` checks
 * that failed or are still running in each window; beyond that it waits for the window's end. A
 * check that passes gives its place back. Counting running checks too keeps a burst sent at once
 * within the limit. At most `maxAddresses` are remembered (the oldest window goes first).
 */
export interface AddressLimitOptions {
  max: number;
  windowMs: number;
  now: () => number;
  maxAddresses?: number;
}

export interface AddressLimit {
  /** Counts a check of `address` as begun; null when it may go on, else the ms until it may. */
  begin(address: string): number | null;
  /** The check begun for `address` ended: a failed one keeps its place until the window ends. */
  end(address: string, failed: boolean): void;
}

interface Window {
  startedAt: number;
  /** Checks that failed or are still running. */
  count: number;
}

export function createAddressLimit({ max, windowMs, now, maxAddresses = 10_000 }: AddressLimitOptions): AddressLimit {
  const windows = new Map<string, Window>();

  function current(address: string): Window {
    const known = windows.get(address);
    if (known && now() - known.startedAt < windowMs) return known;
    windows.delete(address);
    if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value as string);
    const fresh = { startedAt: now(), count: 0 };
    windows.set(address, fresh);
    return fresh;
  }

  return {
    begin(address) {
      const window = current(address);
      if (window.count >= max) return window.startedAt + windowMs - now();
      window.count += 1;
      return null;
    },
    end(address, failed) {
      const window = windows.get(address);
      if (!failed && window && window.count > 0) window.count -= 1;
    },
  };
}
