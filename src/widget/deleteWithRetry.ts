/**
 * A deleted widget's settings removed on the server, retried while the page lives, every failure
 * logged. Used by the iframe widget (fetched with its settings client) and the custom element.
 */
import { isRetryable, toErrorInfo } from '../api/ApiError';
import type { SettingsApi } from '../api/widgetClient';

/** Waits before each retry of a failed delete; its length is the number of retries. */
export const DELETE_RETRY_DELAYS_MS = [1000, 3000, 10000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes the widget's settings, retrying what may pass later; logs every failure. */
export async function deleteWithRetry(api: SettingsApi, delays: readonly number[], log: Pick<Console, 'warn' | 'error'>): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      // keepalive: the request outlives the frame, which the editor removes a moment after the event;
      // it leaves in the very task that delivered the event (no await before it), so even that moment is enough.
      await api.deleteSettings({ keepalive: true });
      return true;
    } catch (e) {
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
