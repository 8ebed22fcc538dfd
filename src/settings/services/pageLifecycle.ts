/**
 * When the page is about to go away: `pagehide`, or `visibilitychange` to hidden (the last event a
 * mobile browser reliably sends). The save saga flushes an unconfirmed change then.
 */
export interface PageLifecycle {
  onHidden(cb: () => void): () => void;
}

export function browserPageLifecycle(win: Window = window): PageLifecycle {
  return {
    onHidden(cb) {
      const onVisibility = () => {
        if (win.document.visibilityState === 'hidden') cb();
      };
      win.addEventListener('pagehide', cb);
      win.document.addEventListener('visibilitychange', onVisibility);
      return () => {
        win.removeEventListener('pagehide', cb);
        win.document.removeEventListener('visibilitychange', onVisibility);
      };
    },
  };
}
