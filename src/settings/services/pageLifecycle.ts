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
  /** `cb` on the window's `event`, and when the document's visibility becomes `visibility`. */
  const listen = (event: 'pagehide' | 'online', visibility: DocumentVisibilityState, cb: () => void) => {
    const onVisibilityChange = () => {
      if (win.document.visibilityState === visibility) cb();
    };
    win.addEventListener(event, cb);
    win.document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      win.removeEventListener(event, cb);
      win.document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  };
  return {
    onHidden: (cb) => listen('pagehide', 'hidden', cb),
    onResumed: (cb) => listen('online', 'visible', cb),
  };
}
