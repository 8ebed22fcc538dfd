/**
 * The connected account: reading its details, connecting through the authenticate window,
 * disconnecting, the connected-confirmation popup, and the create-new-file window.
 */
import { buffers, eventChannel } from 'redux-saga';
import { call, delay, put, race, select, take, takeLeading } from 'typed-redux-saga';
import { isApiError, isRetryable, toErrorInfo } from '../../api/ApiError';
import { CONNECTED_COOKIE, COOKIE_TRUE } from '../../contract/cookies';
import { completionOfMessage } from '../../contract/connectCompletion';
import { DRIVE_START_URL } from '../../drive/rules';
import { accountConnected, createFileWindowClosed, requestFailed, uiActions } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import { accountActions, selectAccountConnected } from './accountSlice';
import type { OpenedWindow } from '../services/windows';

const AUTH_WINDOW = { width: 874, height: 600 } as const;
const CREATE_FILE_WINDOW = { width: 1027, height: 600 } as const;

/** Reads the account's details; true when an account is connected. */
export function* checkAccount(fresh = false) {
  const { api } = yield* services();
  yield* put(accountActions.checkRequested());
  try {
    const about = yield* callApi('about', (signal) => api.about({ signal, fresh }));
    yield* put(accountActions.aboutLoaded(about));
    return true;
  } catch (error) {
    if (isApiError(error) && (error.code === 'unauthorized' || error.code === 'reconnect')) {
      yield* put(accountActions.notConnected({ reconnect: error.code === 'reconnect' }));
    } else yield* put(accountActions.checkFailed(toErrorInfo(error)));
    return false;
  }
}

/** Spec §4: cookie connected=true shows the confirmation popup and is set to false. */
export function* showConnectedConfirmation() {
  const { cookies } = yield* services();
  if (cookies.get(CONNECTED_COOKIE) === COOKIE_TRUE) {
    yield* put(uiActions.popupOpened('connected'));
    cookies.set(CONNECTED_COOKIE, 'false');
  }
}

/**
 * The popup goes to the authenticate route with a one-time ticket the panel fetched with its own
 * credential (src/contract/connectTicket.ts): no credential ever goes in a URL, in either model. A
 * ticket that does not come closes the popup and says why. True when the popup is on its way.
 */
function* sendWithTicket(popup: OpenedWindow) {
  const { api } = yield* services();
  try {
    const ticket = yield* callApi('connectTicket', (signal) => api.connectTicket({ signal }));
    popup.navigate(api.authenticateUrl(ticket));
    return true;
  } catch (error) {
    popup.close();
    yield* put(accountActions.connectFailed(toErrorInfo(error)));
    return false;
  }
}

/** The completion codes the popup hands over (only that window, only from our origin: windows.ts), the latest kept. */
function completionsFrom(popup: OpenedWindow) {
  return eventChannel<string>(
    (emit) =>
      popup.onMessage((data) => {
        const completion = completionOfMessage(data);
        if (completion !== null) emit(completion);
      }),
    buffers.sliding(1),
  );
}

function* untilClosed(popup: OpenedWindow) {
  const { pollIntervalMs = 500 } = yield* services();
  while (!popup.closed) yield* delay(pollIntervalMs);
}

/**
 * Connecting: the popup opens blank at once, within the owner's click (so no popup blocker stops
 * it), then goes to the authenticate route with a ticket. When the owner allows access, the popup's
 * last page hands this panel a completion code; the panel closes the popup and binds the drive
 * with its own credential (src/contract/connectCompletion.ts), so a drive allowed in any other
 * browser or window never becomes this widget's. A popup closed without a code connected nothing.
 */
function* connect() {
  const { windows } = yield* services();
  const popup = windows.open('about:blank', 'dfw-authenticate', AUTH_WINDOW.width, AUTH_WINDOW.height);
  if (!popup) {
    yield* put(accountActions.windowBlocked('authenticate'));
    return;
  }
  yield* put(accountActions.connectWindowOpened());
  const completions = yield* call(completionsFrom, popup);
  try {
    if (!(yield* call(sendWithTicket, popup))) return;
    const ended = yield* race({ completion: take(completions), closed: call(untilClosed, popup) });
    popup.close();
    yield* put(accountActions.connectWindowClosed());
    if (ended.completion !== undefined) yield* call(bindConnection, ended.completion);
    else yield* call(retryCheck);
  } finally {
    completions.close();
  }
}

/** Binds the granted drive with this panel's credential, then shows the account and the confirmation (spec §4). */
function* bindConnection(completion: string) {
  const { api } = yield* services();
  let failure: unknown = null;
  try {
    yield* callApi('connectComplete', (signal) => api.completeConnection(completion, { signal }));
  } catch (error) {
    failure = error;
  }
  // A refusal bound nothing; no answer or the server's failure may hide a connection it made: the account says.
  if (failure !== null && !isRetryable(failure)) {
    yield* put(accountActions.connectFailed(toErrorInfo(failure)));
    return;
  }
  const connected = yield* call(checkAccount, true);
  if (connected) {
    yield* put(accountConnected());
    yield* call(confirmConnection);
  } else if (failure !== null) yield* put(accountActions.connectFailed(toErrorInfo(failure)));
}

/**
 * The panel saw the connection succeed: the confirmation shows whether or not the cookie reached
 * it. The completion's answer sets the cookie; inside the editor's frame the panel's cookies are
 * third-party, which many browsers block or keep apart.
 */
function* confirmConnection() {
  const { cookies } = yield* services();
  yield* put(uiActions.popupOpened('connected'));
  if (cookies.get(CONNECTED_COOKIE) === COOKIE_TRUE) cookies.set(CONNECTED_COOKIE, 'false');
}

/** The account could not be read (a time-out, the server's failure): read it again. */
function* retryCheck() {
  const connected = yield* call(checkAccount, true);
  if (connected) yield* put(accountConnected());
}

function* disconnect() {
  const { api, bridge, windows } = yield* services();
  try {
    yield* callApi('disconnect', (signal) => api.disconnect({ signal }));
  } catch (error) {
    yield* put(accountActions.disconnectFailed(toErrorInfo(error)));
    // Whatever the failure, the account is shown as the server has it (connected or not).
    const connected = yield* call(checkAccount, true);
    if (connected) yield* put(accountConnected());
    return;
  }
  yield* call([bridge, bridge.settingsUpdated], { type: 'disconnected' });
  yield* call([windows, windows.reload]);
}

/** Opens the drive's start page; once its window closes, the listing is refreshed (a file may be new). */
function* createFile() {
  const { windows, pollIntervalMs = 500 } = yield* services();
  const opened = windows.open(DRIVE_START_URL, 'dfw-create-file', CREATE_FILE_WINDOW.width, CREATE_FILE_WINDOW.height);
  if (!opened) {
    yield* put(accountActions.windowBlocked('createFile'));
    return;
  }
  while (!opened.closed) yield* delay(pollIntervalMs);
  yield* put(createFileWindowClosed());
}

/**
 * A drive request answered 401 while the panel thought it was connected (the access was removed
 * meanwhile): read the account again, which ends in the "connect again" state instead of errors
 * on every later request.
 */
function lostAccess(action: unknown): boolean {
  if (!requestFailed.match(action)) return false;
  const { route, error } = action.payload;
  // The about route's 401 is the check itself; a failed disconnect reads the account by itself.
  return route !== 'about' && route !== 'disconnect' && (error.code === 'unauthorized' || error.code === 'reconnect');
}

function* recheckAfterLostAccess() {
  const connected = yield* select(selectAccountConnected);
  if (connected) yield* call(checkAccount, true);
}

export function* accountSaga() {
  yield* takeLeading(lostAccess, recheckAfterLostAccess);
  yield* takeLeading(accountActions.connectClicked, connect);
  yield* takeLeading(accountActions.checkRetryClicked, retryCheck);
  yield* takeLeading(accountActions.disconnectClicked, disconnect);
  yield* takeLeading(accountActions.createFileClicked, createFile);
}
