/** Opening separate windows (authenticate, create-new-file) and reloading the panel. */
export interface OpenedWindow {
  readonly closed: boolean;
  focus(): void;
  close(): void;
  /** Sends the window to another address (a window opened blank at the click, before its address was known). */
  navigate(url: string): void;
  /**
   * Calls `listener` with the data of each message this very window posts to the panel from the
   * panel's own origin (any other sender or origin is ignored: a message is hostile until checked).
   * Answers the function that stops listening.
   */
  onMessage(listener: (data: unknown) => void): () => void;
}

export interface WindowService {
  /** Opens a window of the given size centred on the editor; null when the browser blocked it. */
  open(url: string, name: string, width: number, height: number): OpenedWindow | null;
  reload(): void;
}

export function centredFeatures(win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>, width: number, height: number): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

export function createWindowService(win: Window = window): WindowService {
  return {
    open(url, name, width, height) {
      // The editor is the top window; centre on it when it is reachable, else on this frame.
      let host: Window = win;
      try {
        host = win.top && win.top.screenX !== undefined ? win.top : win;
      } catch {
        host = win;
      }
      const opened = win.open(url, name, centredFeatures(host, width, height));
      if (!opened) return null;
      return {
        get closed() {
          return opened.closed;
        },
        focus: () => opened.focus(),
        close: () => opened.close(),
        navigate: (next) => opened.location.replace(next),
        onMessage(listener) {
          const heard = (event: MessageEvent) => {
            if (event.origin === win.location.origin && event.source === opened) listener(event.data);
          };
          win.addEventListener('message', heard);
          return () => win.removeEventListener('message', heard);
        },
      };
    },
    reload: () => win.location.reload(),
  };
}
