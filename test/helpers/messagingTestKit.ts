/**
 * Test helper: window messaging between a jsdom host window and one of its iframes, with the
 * `source` and `origin` a browser would give (jsdom's own postMessage leaves both empty).
 *
 * After `shimFrameMessaging(frame, host)`:
 * - the frame's `parent` is a view of `host` whose postMessage delivers to `host` with
 *   `source = frame` and `origin = frameOrigin`;
 * - `frame.postMessage` delivers to `frame` with `source = frame.parent` and `origin = hostOrigin`.
 * Both honour the target origin as browsers do (a mismatch drops the message) and deliver
 * asynchronously. Every post is recorded in `posts`.
 */

type JsdomWindow = Window & typeof globalThis;

export interface RecordedPost {
  to: 'host' | 'frame';
  data: unknown;
  targetOrigin: string;
}

export interface ShimmedFrame {
  frame: Window;
  /** What the frame sees as `window.parent`. */
  parentView: Window;
  posts: RecordedPost[];
  restore(): void;
}

export interface ShimOptions {
  frameOrigin?: string;
  hostOrigin?: string;
}

function accepts(targetOrigin: string, origin: string): boolean {
  return targetOrigin === '*' || targetOrigin === origin;
}

export function shimFrameMessaging(frame: Window, host: Window, options: ShimOptions = {}): ShimmedFrame {
  const frameOrigin = options.frameOrigin ?? frame.location.origin;
  const hostOrigin = options.hostOrigin ?? host.location.origin;
  const posts: RecordedPost[] = [];

  const toHost = (data: unknown, targetOrigin: string): void => {
    posts.push({ to: 'host', data, targetOrigin });
    if (!accepts(targetOrigin, hostOrigin)) return;
    setTimeout(() => {
      host.dispatchEvent(new (host as JsdomWindow).MessageEvent('message', { data, origin: frameOrigin, source: frame }));
    }, 0);
  };

  const parentView = new Proxy(host, {
    get(target, prop) {
      if (prop === 'postMessage') return toHost;
      // jsdom unwraps windows through symbol-keyed slots; hiding them keeps this view's own identity
      // as a MessageEvent's source instead of collapsing it back into `host`.
      if (typeof prop === 'symbol') return undefined;
      return Reflect.get(target, prop) as unknown;
    },
  });

  const ownPostMessage = Object.getOwnPropertyDescriptor(frame, 'postMessage');
  const ownParent = Object.getOwnPropertyDescriptor(frame, 'parent');

  Object.defineProperty(frame, 'parent', { configurable: true, get: () => parentView });
  Object.defineProperty(frame, 'postMessage', {
    configurable: true,
    writable: true,
    value: (data: unknown, targetOrigin: string): void => {
      posts.push({ to: 'frame', data, targetOrigin });
      if (!accepts(targetOrigin, frameOrigin)) return;
      setTimeout(() => {
        frame.dispatchEvent(new (frame as JsdomWindow).MessageEvent('message', { data, origin: hostOrigin, source: parentView }));
      }, 0);
    },
  });

  return {
    frame,
    parentView,
    posts,
    restore: () => {
      if (ownParent) Object.defineProperty(frame, 'parent', ownParent);
      if (ownPostMessage) Object.defineProperty(frame, 'postMessage', ownPostMessage);
      else delete (frame as unknown as Record<string, unknown>).postMessage;
    },
  };
}

/** Dispatches a message event on `target` at once, with whatever origin and source a test forges. */
export function deliverMessage(target: Window, data: unknown, init: { origin: string; source: Window | null }): void {
  target.dispatchEvent(new (target as JsdomWindow).MessageEvent('message', { data, origin: init.origin, source: init.source }));
}

/** Lets queued message deliveries (and replies to them) run. */
export async function flushMessages(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Parsed JSON of the recorded posts in one direction. */
export function decodedPosts(shim: ShimmedFrame, to: RecordedPost['to']): Array<Record<string, unknown>> {
  return shim.posts.filter((p) => p.to === to && typeof p.data === 'string').map((p) => JSON.parse(p.data as string) as Record<string, unknown>);
}
