/** The services sagas receive through saga context (never from module singletons). */
import { getContext } from 'typed-redux-saga';
import type { ApiClient } from '../../api/client';
import type { EditorBridge } from '../../editor/EditorBridge';
import type { CookieJar } from './cookies';
import type { PageLifecycle } from './pageLifecycle';
import type { PendingStore } from './pendingChange';
import type { WindowService } from './windows';

export interface Services {
  api: ApiClient;
  bridge: EditorBridge;
  cookies: CookieJar;
  windows: WindowService;
  /** Where an unconfirmed change is kept across reloads. */
  pending: PendingStore;
  /** Tells when the page is being hidden or unloaded (to flush an unconfirmed change), and when it is back (to retry at once). */
  lifecycle: PageLifecycle;
  /** Sends the site's deletes that earlier pages of ours did not live to finish (src/widget/sitePendingDeletes.ts). */
  finishPendingDeletes?: () => Promise<void>;
  /** The user model the platform's server embedded in the page, if any (raw, unchecked). */
  embeddedUserModel?: unknown;
  /** How often the authenticate window is checked for having closed, in ms. */
  pollIntervalMs?: number;
  /** Quiet time after the last change of the user model before it is saved, in ms (trailing). */
  saveDebounceMs?: number;
  /** The waits between attempts of an unconfirmed save (default SAVE_BACKOFF: 1 s doubling up to 1 min). */
  saveBackoff?: { firstMs: number; maxMs: number };
  /** The jitter's source of randomness, in [0, 1) (default Math.random). */
  random?: () => number;
  /** The clock, in ms since the epoch (default Date.now). */
  now?: () => number;
}

/** The services the store was set up with (store.ts hands them to the saga middleware as `services`). */
export function* services() {
  return yield* getContext<Services>('services');
}
