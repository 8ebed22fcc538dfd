/** A test PageLifecycle: `hide()` fires what a browser fires when the page goes away. */
import type { PageLifecycle } from '../../src/settings/services/pageLifecycle';

export function manualPageLifecycle(): PageLifecycle & { hide(): void } {
  const listeners = new Set<() => void>();
  return {
    onHidden(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    hide: () => listeners.forEach((cb) => cb()),
  };
}
