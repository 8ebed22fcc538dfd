import { all, call, fork, put, select, take } from 'redux-saga/effects';
import type { BreadcrumbEntry } from '../api/schemas';
import { accountSaga, checkAccount, showConnectedConfirmation } from './account/accountSaga';
import { activeFileSaga } from './activeFile/activeFileSaga';
import { filesSaga } from './files/filesSaga';
import { filesActions } from './files/filesSlice';
import { previewSaga } from './preview/previewSaga';
import { loadSiteStyle } from './siteStyle/siteStyleSaga';
import { loadUserModel, reloadOnRequest, saveUserModel } from './user/userSaga';
import { selectAccountConnected, selectCurrentFolder, userModelLoaded } from './model';

/**
 * Start-up: the confirmation cookie, the user model and the account; then the current folder.
 * The folder is the model's breadcrumb, so the listing waits for the model: after a failed load,
 * until the owner's Retry loads it.
 */
export function* startup(): Generator<unknown, void, never> {
  yield call(showConnectedConfirmation);
  const [loaded]: [boolean, boolean] = yield all([call(loadUserModel), call(checkAccount)]);
  if (!loaded) yield take(userModelLoaded.type);
  const connected: boolean = yield select(selectAccountConnected);
  if (connected) {
    const folder: BreadcrumbEntry = yield select(selectCurrentFolder);
    yield put(filesActions.listRequested({ folderId: folder.id }));
  }
}

export function* rootSaga(): Generator<unknown, void, never> {
  yield fork(saveUserModel);
  yield fork(reloadOnRequest);
  yield fork(accountSaga);
  yield fork(filesSaga);
  yield fork(activeFileSaga);
  yield fork(previewSaga);
  yield fork(loadSiteStyle);
  yield call(startup);
}
