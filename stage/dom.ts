/** Small DOM and storage helpers of the stage (a plain-DOM page: no framework). */

export type ElementMaker = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Record<string, string>,
  ...children: Array<Node | string>
) => HTMLElementTagNameMap[K];

/** `el(tag, attrs, ...children)` bound to `doc`. */
export function elementMaker(doc: Document): ElementMaker {
  return (tag, attrs = {}, ...children) => {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
}

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** localStorage may be missing or throw (privacy modes, sandboxes): the stage keeps working without it. */
export function safeStorage(getStorage: () => Storage): SafeStorage {
  const attempt = <T>(fn: (s: Storage) => T, fallback: T): T => {
    try {
      return fn(getStorage());
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
  };
}

/** A value as short JSON for the event log. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'undefined';
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export interface Waiter {
  /** Resolves after `ms`, or at once when `cancelAll` runs first. */
  wait(ms: number): Promise<void>;
  cancelAll(): void;
}

export function createWaiter(): Waiter {
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  return {
    wait: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.set(timer, resolve);
      }),
    cancelAll() {
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
    },
  };
}
