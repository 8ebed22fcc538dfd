/**
 * Loading the user model, and saving it: any deep change is saved (spec §4), debounced, one save
 * at a time and in order (the latest model wins), retried with backoff; afterwards the editor is
 * signalled that settings were updated.
 */
import { buffers, channel, type Channel } from 'redux-saga';
import { call, delay, flush, fork, put, select, take } from 'redux-saga/effects';
import { toErrorInfo } from '../../api/ApiError';
import { UserModelSchema, type UserModel } from '../../api/schemas';
import { selectUser, userActions, userModelLoaded } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';

export const SAVE_RETRY_DELAYS_MS = [1000, 3000];

export function* loadUserModel(): Generator<unknown, boolean, never> {
  const { api, embeddedUserModel } = yield* services();
  if (embeddedUserModel !== undefined && embeddedUserModel !== null) {
    const parsed = UserModelSchema.safeParse(embeddedUserModel);
    if (parsed.success) {
      yield put(userModelLoaded(parsed.data));
      return true;
    }
  }
  try {
    const model: UserModel = yield* callApi('userModel', (signal) => api.loadUserModel({ signal }));
    yield put(userModelLoaded(model));
    return true;
  } catch (error) {
    yield put(userActions.loadFailed(toErrorInfo(error)));
    return false;
  }
}

function* watchModelChanges(changes: Channel<true>): Generator<unknown, void, never> {
  let last: UserModel = yield select(selectUser);
  for (;;) {
    const action: { type: string } = yield take('*');
    const current: UserModel = yield select(selectUser);
    if (action.type === userModelLoaded.type) {
      last = current;
      continue;
    }
    if (current !== last || action.type === userActions.saveRetryRequested.type) {
      last = current;
      changes.put(true);
    }
  }
}

function* saveWithRetry(model: UserModel, retryDelays: readonly number[]): Generator<unknown, boolean, never> {
  const { api, bridge } = yield* services();
  for (let attempt = 1; ; attempt++) {
    yield put(userActions.saveStarted({ attempt }));
    try {
      yield* callApi('save', (signal) => api.save(model, { signal }));
      yield put(userActions.saveSucceeded());
      yield call([bridge, bridge.settingsUpdated], { type: 'saved' });
      return true;
    } catch (error) {
      const wait = retryDelays[attempt - 1];
      if (wait === undefined) {
        yield put(userActions.saveFailed(toErrorInfo(error)));
        return false;
      }
      yield delay(wait + Math.round(Math.random() * wait * 0.2));
    }
  }
}

export function* saveUserModel(): Generator<unknown, void, never> {
  const { saveDebounceMs = 300, saveRetryDelaysMs: retryDelays = SAVE_RETRY_DELAYS_MS } = yield* services();
  const changes = channel<true>(buffers.sliding(1));
  yield fork(watchModelChanges, changes);
  let lastSaved: UserModel | null = null;
  for (;;) {
    yield take(changes);
    yield put(userActions.saveScheduled());
    yield delay(saveDebounceMs);
    yield flush(changes);
    const model: UserModel = yield select(selectUser);
    if (model === lastSaved) {
      yield put(userActions.saveSucceeded());
      continue;
    }
    const saved: boolean = yield call(saveWithRetry, model, retryDelays);
    if (saved) lastSaved = model;
  }
}
