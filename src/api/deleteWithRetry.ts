/**
 * A deleted widget's settings removed on the server, retried while the page lives, every failure
 * logged. Used by the iframe widget (fetched with its settings client) and the custom element.
 * What the page does not live to finish is kept as a pending delete (src/api/pendingDeletes.ts),
 * which a later page of the same site finishes with its own credential (`finishPendingDeletes`).
 */
import { isApiError, isRetryable, toErrorInfo } from './ApiError';
import type { SettingsApi } from './widgetClient';
import type { PendingDeletes } from './pendingDeletes';

/** Waits before each retry of a failed delete; its length is the number of retries. */
export const DELETE_RETRY_DELAYS_MS = [1000, 3000, 10000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 404 or 410: nothing is left to delete. */
const alreadyGone = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 410);

/** The widget's entry in its site's pending deletes: recorded once the first request has left, dropped when it is done. */
export interface KeptDelete {
  pending: PendingDeletes;
  widget: string;
}

/** Deletes the widget's settings, retrying what may pass later; logs every failure. */
export async function deleteWithRetry(api: SettingsApi, delays: readonly number[], log: Pick<Console, 'warn' | 'error'>, kept?: KeptDelete): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      // keepalive: the request outlives the frame, which the editor removes a moment after the event;
      // it leaves in the very task that delivered the event (no await before it), so even that moment is enough.
      const sent = api.deleteSettings({ keepalive: true });
      // Recorded before any answer: the frame may be gone before one arrives.
      if (attempt === 1) kept?.pending.record(kept.widget);
      await sent;
      kept?.pending.drop(kept.widget);
      return true;
    } catch (e) {
      if (alreadyGone(e)) {
        kept?.pending.drop(kept.widget);
        return true;
      }
      const info = toErrorInfo(e);
      const delay = delays[attempt - 1];
      if (!isRetryable(e) || delay === undefined) {
        log.error(`Drive File Widget: the deleted widget's settings could not be removed (attempt ${attempt}, ${info.code}): ${info.message}`);
        return false;
      }
      log.warn(`Drive File Widget: removing the deleted widget's settings failed (attempt ${attempt}, ${info.code}); retrying in ${delay} ms.`);
      await wait(delay);
    }
  }
}

/**
 * Sends the site's pending deletes, one after another, each with the retries of `deleteWithRetry`
 * and `apiFor`'s credential (the calling page's own); a done one is dropped, a failed one kept. A
 * widget the page holds (`isOwn`: its own, or one alive on it) is never deleted: its entry is skipped.
 */
export async function finishPendingDeletes(
  pending: PendingDeletes,
  isOwn: (widget: string) => boolean,
  apiFor: (widget: string) => SettingsApi,
  delays: readonly number[],
  log: Pick<Console, 'warn' | 'error'>,
): Promise<void> {
  for (const { widget } of pending.list()) {
    if (isOwn(widget)) continue;
    // Recorded already: sending it again must not move its expiry.
    await deleteWithRetry(apiFor(widget), delays, log, { pending: { ...pending, record: () => undefined }, widget });
  }
}
