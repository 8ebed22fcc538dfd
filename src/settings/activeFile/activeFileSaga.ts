/**
 * Activating a file (spec §4) and setting its public sharing role (spec §4, §6).
 */
import { COOKIE_TRUE, DO_NOT_SHOW_AGAIN_COOKIE } from '../../contract/cookies';
import { buffers } from 'redux-saga';
import { actionChannel, call, cancelled, put, race, select, take, takeLatest } from 'typed-redux-saga';
import { isApiError, toErrorInfo } from '../../api/ApiError';
import { isEditable, isFolderType, publicRoleOf } from '../../drive/rules';
import { activationCancelled, activationFailed, activationStarted, fileActivated, fileChosen, folderOpened, publicRoleSet, selectUserModel } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import { activeFileActions } from './activeFileSlice';

function* activate(action: ReturnType<typeof fileChosen>) {
  const file = action.payload;
  // Only files can be activated; a folder opens instead.
  if (isFolderType(file.mimeType)) {
    yield* put(folderOpened({ id: file.id, title: file.title }));
    return;
  }
  const user = yield* select(selectUserModel);
  if (user.activeFileId === file.id) return;
  const { api } = yield* services();
  yield* put(activationStarted({ fileId: file.id }));
  try {
    // Read fresh: the role recorded must be the file's role now, not a cached one.
    const permissions = yield* callApi('permissionsList', (signal) => api.readPermissions(file.id, { signal, fresh: true, resourceKey: file.resourceKey }));
    yield* put(fileActivated({ file, role: publicRoleOf(permissions.items) }));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield* put(activationFailed({ fileId: file.id, error: toErrorInfo(error) }));
  } finally {
    // A newer click (another file, the active one, a folder) cancelled this one: it is no longer under way.
    if (yield* cancelled()) yield* put(activationCancelled({ fileId: file.id }));
  }
}

function* chooseRole(action: ReturnType<typeof activeFileActions.roleChosen>) {
  const { fileId, role } = action.payload;
  const user = yield* select(selectUserModel);
  if (user.activeFileId !== fileId || user.activeFilePerm === role) return;
  if (role === 'writer' && !isEditable(user.activeFileMimeType ?? '')) return;
  const { api, bridge, cookies } = yield* services();

  if (role === 'writer' && cookies.get(DO_NOT_SHOW_AGAIN_COOKIE) !== COOKIE_TRUE) {
    yield* put(activeFileActions.noticeShown({ fileId, role }));
    const answer = yield* race({
      confirmed: take(activeFileActions.noticeConfirmed),
      cancelled: take(activeFileActions.noticeCancelled),
    });
    if (!answer.confirmed) return;
    if (answer.confirmed.payload.doNotShowAgain) yield* call([cookies, cookies.set], DO_NOT_SHOW_AGAIN_COOKIE, COOKIE_TRUE);
  }

  yield* put(activeFileActions.sharingStarted({ role }));
  const resourceKey = user.activeFileResourceKey;
  try {
    if (role === 'none') yield* callApi('permissionsList', (signal) => api.deletePermission(fileId, { signal, resourceKey }));
    else yield* callApi('permissionsList', (signal) => api.insertPermission(fileId, role, { signal, resourceKey }));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield* put(activeFileActions.sharingFailed(toErrorInfo(error)));
    return;
  }
  yield* put(publicRoleSet({ fileId, role }));
  yield* call([bridge, bridge.settingsUpdated], { type: 'permission', fileId, role });
}

/**
 * Sharing changes run one at a time, in order, and are never cancelled half-way: a cancelled
 * request may still reach the drive, so "Anyone with the link" then "Private" clicked quickly must
 * end private. While one runs, only the latest further choice waits (the ones between are moot).
 */
function* chooseRolesInOrder() {
  const choices = yield* actionChannel(activeFileActions.roleChosen, buffers.sliding(1));
  for (;;) {
    const action = yield* take(choices);
    yield* call(chooseRole, action);
  }
}

export function* activeFileSaga() {
  // Reading a file's permissions changes nothing: a newer click cancels the older read.
  yield* takeLatest(fileChosen, activate);
  yield* call(chooseRolesInOrder);
}
