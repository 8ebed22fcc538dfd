/** A test PageLifecycle: `hide()` and `resume()` fire what a browser fires when the page goes away and comes back (or the network does). */
import type { PageLifecycle } from '../../src/settings/services/pageLifecycle';

export function manualPageLifecycle(): PageLifecycle & { hide(): void; resume(): void } {
  const hidden = new Set<() => void>();
  const resumed = new Set<() => void>();
  return {
    onHidden(cb) {
      hidden.add(cb);
      return () => hidden.delete(cb);
    },
    onResumed(cb) {
      resumed.add(cb);
      return () => resumed.delete(cb);
    },
    hide: () => hidden.forEach((cb) => cb()),
    resume: () => resumed.forEach((cb) => cb()),
  };
}
