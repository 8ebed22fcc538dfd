/**
 * The widget's calls to the server, with the client that makes them: one chunk, fetched on first
 * use (the editor's page fetches it at start, ownerPage.ts). A visitor's page arrives with its settings
 * in the HTML (the server embeds them) and never calls the server, so it never downloads this.
 */
import { toErrorInfo } from '../api/ApiError';
import type { SettingsApi } from '../api/widgetClient';
import type { UserModel } from '../contract/userModel';
import { createPageSettingsApi } from './pageSettingsApi';

export { deleteWithRetry, DELETE_RETRY_DELAYS_MS } from '../api/deleteWithRetry';
export { finishSitePendingDeletes, keptDeleteOf } from '../api/sitePendingDeletes';

let pageApi: SettingsApi | null = null;

/** The page's own settings calls, addressed with its query values; made once. */
export const pageSettingsApi = (): SettingsApi => (pageApi ??= createPageSettingsApi(window.location.search));

/** The saved model; 'aborted' when the caller cancelled; 'failed' once the failure is logged. */
export async function loadModel(
  api: SettingsApi,
  options: { signal: AbortSignal; fresh: boolean },
  log: Pick<Console, 'warn'>,
): Promise<UserModel | 'aborted' | 'failed'> {
  try {
    return (await api.loadUserModel(options)).model;
  } catch (e) {
    const info = toErrorInfo(e);
    if (info.code === 'aborted') return 'aborted';
    log.warn(`Drive File Widget: the settings could not be loaded (${info.code}): ${info.message}`);
    return 'failed';
  }
}
