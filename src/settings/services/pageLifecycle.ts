/**
 * The page's comings and goings, as the save saga needs them:
 * - hidden: `pagehide`, or `visibilitychange` to hidden (the last event a mobile browser reliably
 *   sends): an unconfirmed change is flushed then;
 * - resumed: the browser reports it is back `online`, or the tab becomes visible again: a save
 *   waiting for its next attempt goes out at once.
 */
export interface PageLifecycle {
  onHidden(cb: () => void): () => void;
  onResumed(cb: () => void): () => void;
}

export function browserPageLifecycle(win: Window = window): PageLifecycle {
  const onVisibility = (state: DocumentVisibilityState, cb: () => void) => () => {
    if (win.document.visibilityState === state) cb();
  };
  return {
    onHidden(cb) {
      const onVisibilityChange = onVisibility('hidden', cb);
      win.addEventListener('pagehide', cb);
      win.document.addEventListener('visibilitychange', onVisibilityChange);
      return () => {
        win.removeEventListener('pagehide', cb);
        win.document.removeEventListener('visibilitychange', onVisibilityChange);
      };
    },
    onResumed(cb) {
      const onVisibilityChange = onVisibility('visible', cb);
      win.addEventListener('online', cb);
      win.document.addEventListener('visibilitychange', onVisibilityChange);
      return () => {
        win.removeEventListener('online', cb);
        win.document.removeEventListener('visibilitychange', onVisibilityChange);
      };
    },
  };
}
