/**
 * The connected account: reading its details, connecting through the authenticate window,
 * disconnecting, the connected-confirmation popup, and the create-new-file window.
 */
import { call, delay, put, select, takeLeading } from 'redux-saga/effects';
import { isApiError, toErrorInfo } from '../../api/ApiError';
import { CONNECTED_COOKIE, COOKIE_TRUE } from '../../contract/cookies';
import type { About } from '../../api/schemas';
import { DRIVE_START_URL } from '../../drive/rules';
import { accountConnected, createFileWindowClosed, requestFailed, selectAccountConnected, uiActions } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import { accountActions } from './accountSlice';

export const AUTH_WINDOW = { width: 874, height: 600 } as const;
export const CREATE_FILE_WINDOW = { width: 1027, height: 600 } as const;

/** Reads the account's details; true when an account is connected. */
export function* checkAccount(fresh = false): Generator<unknown, boolean, never> {
  const { api } = yield* services();
  yield put(accountActions.checkRequested());
  try {
    const about: About = yield* callApi('about', (signal) => api.about({ signal, fresh }));
    yield put(accountActions.aboutLoaded(about));
    return true;
  } catch (error) {
    if (isApiError(error) && (error.code === 'unauthorized' || error.code === 'reconnect')) {
      yield put(accountActions.notConnected({ reconnect: error.code === 'reconnect' }));
    } else yield put(accountActions.checkFailed(toErrorInfo(error)));
    return false;
  }
}

/** Spec §4: cookie connected=true shows the confirmation popup and is set to false. */
export function* showConnectedConfirmation(): Generator<unknown, void, never> {
  const { cookies } = yield* services();
  if (cookies.get(CONNECTED_COOKIE) === COOKIE_TRUE) {
    yield put(uiActions.popupOpened('connected'));
    cookies.set(CONNECTED_COOKIE, 'false');
  }
}

function* connect(): Generator<unknown, void, never> {
  const { api, windows, pollIntervalMs = 500 } = yield* services();
  const popup = windows.open(api.authenticateUrl(), 'dfw-authenticate', AUTH_WINDOW.width, AUTH_WINDOW.height);
  if (!popup) {
    yield put(accountActions.windowBlocked('authenticate'));
    return;
  }
  yield put(accountActions.connectWindowOpened());
  while (!popup.closed) yield delay(pollIntervalMs);
  yield put(accountActions.connectWindowClosed());
  const connected: boolean = yield call(checkAccount, true);
  if (connected) {
    yield put(accountConnected());
    yield call(confirmConnection);
  }
}

/**
 * The panel saw the connection succeed: the confirmation shows whether or not the cookie reached
 * it. The sign-in window sets the cookie first-party; inside the editor's frame the panel's
 * cookies are third-party, which many browsers block or keep apart.
 */
function* confirmConnection(): Generator<unknown, void, never> {
  const { cookies } = yield* services();
  yield put(uiActions.popupOpened('connected'));
  if (cookies.get(CONNECTED_COOKIE) === COOKIE_TRUE) cookies.set(CONNECTED_COOKIE, 'false');
}

/** The account could not be read (a time-out, the server's failure): read it again. */
function* retryCheck(): Generator<unknown, void, never> {
  const connected: boolean = yield call(checkAccount, true);
  if (connected) yield put(accountConnected());
}

function* disconnect(): Generator<unknown, void, never> {
  const { api, bridge, windows } = yield* services();
  try {
    yield* callApi('disconnect', (signal) => api.disconnect({ signal }));
  } catch (error) {
    yield put(accountActions.disconnectFailed(toErrorInfo(error)));
    return;
  }
  yield call([bridge, bridge.settingsUpdated], { type: 'disconnected' });
  yield call([windows, windows.reload]);
}

/** Opens the drive's start page; once its window closes, the listing is refreshed (a file may be new). */
function* createFile(): Generator<unknown, void, never> {
  const { windows, pollIntervalMs = 500 } = yield* services();
  const opened = windows.open(DRIVE_START_URL, 'dfw-create-file', CREATE_FILE_WINDOW.width, CREATE_FILE_WINDOW.height);
  if (!opened) {
    yield put(accountActions.windowBlocked('createFile'));
    return;
  }
  while (!opened.closed) yield delay(pollIntervalMs);
  yield put(createFileWindowClosed());
}

/**
 * A drive request answered 401 while the panel thought it was connected (the access was removed
 * meanwhile): read the account again, which ends in the "connect again" state instead of errors
 * on every later request. The about route's own 401 is the check itself, so it is not watched.
 */
function lostAccess(action: unknown): boolean {
  if (!requestFailed.match(action)) return false;
  const { route, error } = action.payload;
  return route !== 'about' && (error.code === 'unauthorized' || error.code === 'reconnect');
}

function* recheckAfterLostAccess(): Generator<unknown, void, never> {
  const connected = (yield select(selectAccountConnected)) as boolean;
  if (connected) yield call(checkAccount, true);
}

export function* accountSaga(): Generator<unknown, void, never> {
  yield takeLeading(lostAccess, recheckAfterLostAccess);
  yield takeLeading(accountActions.connectClicked.type, connect);
  yield takeLeading(accountActions.checkRetryClicked.type, retryCheck);
  yield takeLeading(accountActions.disconnectClicked.type, disconnect);
  yield takeLeading(accountActions.createFileClicked.type, createFile);
}
