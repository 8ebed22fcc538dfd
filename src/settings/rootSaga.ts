import { all, call, fork, put, select, take } from 'typed-redux-saga';
import { accountSaga, checkAccount, showConnectedConfirmation } from './account/accountSaga';
import { selectAccountConnected } from './account/accountSlice';
import { pickerSaga } from './picker/pickerSaga';
import { activeFileSaga } from './activeFile/activeFileSaga';
import { contentSaga } from './content/contentSaga';
import { filesSaga } from './files/filesSaga';
import { filesActions } from './files/filesSlice';
import { previewSaga } from './preview/previewSaga';
import { loadSiteStyle } from './siteStyle/siteStyleSaga';
import { loadUserModel, reloadOnRequest, saveUserModel } from './user/userSaga';
import { selectCurrentFolder, selectDriveAccess, userModelLoaded } from './model';
import { services } from './services/context';

/**
 * Start-up: the confirmation cookie, the user model and the account; then the current folder.
 * The folder is the model's breadcrumb, so the listing waits for the model: after a failed load,
 * until the owner's Retry loads it.
 */
function* startup() {
  yield* call(showConnectedConfirmation);
  const { loaded } = yield* all({ loaded: call(loadUserModel), connected: call(checkAccount) });
  if (!loaded) yield* take(userModelLoaded);
  const connected = yield* select(selectAccountConnected);
  // Picker mode lists no folder: the owner picks a file with the Picker instead.
  if (connected && (yield* select(selectDriveAccess)) === 'browse') {
    const folder = yield* select(selectCurrentFolder);
    yield* put(filesActions.listRequested({ folderId: folder.id }));
  }
}

/** The site's pending deletes, sent once at start beside everything else (their failures are logged, never shown). */
function* finishPendingDeletes() {
  const { finishPendingDeletes: finish } = yield* services();
  try {
    if (finish) yield* call(finish);
  } catch (e) {
    console.warn(`Drive File Widget: the site's pending deletes could not be sent: ${String(e)}`);
  }
}

export function* rootSaga() {
  yield* fork(finishPendingDeletes);
  yield* fork(saveUserModel);
  yield* fork(reloadOnRequest);
  yield* fork(accountSaga);
  yield* fork(filesSaga);
  yield* fork(activeFileSaga);
  yield* fork(pickerSaga);
  yield* fork(previewSaga);
  yield* fork(contentSaga);
  yield* fork(loadSiteStyle);
  yield* call(startup);
}
