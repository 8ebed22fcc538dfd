/**
 * Loading the user model, and saving it (spec §4) so that no change is ever lost:
 * - every change is kept in local storage (services.pending) until the server confirms it, and a
 *   change kept from an earlier visit is re-sent on the next load;
 * - a save waits until the owner has paused (trailing debounce), then runs one at a time and in
 *   order, each on top of the revision it was made on;
 * - a failure that may pass (no answer, a time-out, 5xx, 429) is retried for as long as the panel is
 *   open: capped exponential backoff with jitter (saveBackoff.ts), or the server's Retry-After, and
 *   at once when the browser is back online or the tab visible again; each attempt sends the latest
 *   model. A refusal retrying cannot fix (400, 401, 403, …) stops the retries and says why; the
 *   change stays kept, and the owner may retry or change it;
 * - a save the server refuses as stale (another save came first) reloads the server's model,
 *   re-applies the owner's change on top and saves again (a bounded number of times);
 * - when the page is hidden or unloaded, an unconfirmed change is flushed with `keepalive`.
 * After a confirmed save the editor is signalled that settings were updated.
 * Until the model is loaded nothing is saved: the panel offers no control that changes it, and
 * a failed load is said with a Retry (`userActions.loadRequested`, answered here).
 */
import { buffers, channel, eventChannel, type Channel } from 'redux-saga';
import { call, delay, fork, put, race, select, spawn, take, takeLeading } from 'typed-redux-saga';
import { backoffDelay, SAVE_BACKOFF, type SaveBackoff } from '../services/saveBackoff';
import { isApiError, isRetryable, toErrorInfo, type ErrorInfo } from '../../api/ApiError';
import type { StoredSettings } from '../../api/client';
import { parseUserModel } from '../../api/parseUserModel';
import { rebaseModel, sameModel } from '../../contract/modelChanges';
import { readRevision } from '../../contract/revision';
import type { UserModel } from '../../contract/userModel';
import { selectConfirmed, selectUserModel, selectUserLoaded, userActions, userModelLoaded, type UserState } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import type { PendingChange } from '../services/pendingChange';
import { isRecord } from '../../contract/record';

/** How many times a stale save is re-applied on a newer model before the owner is asked to retry. */
const MAX_REBASES = 3;

const selectUserState = (s: { user: UserState }) => s.user;

export function* loadUserModel() {
  const { api, embeddedUserModel, pending } = yield* services();
  const kept = pending.read();
  // A kept change needs the server's revision to be re-sent on: then the server is asked.
  if (!kept && isRecord(embeddedUserModel)) {
    yield* put(userModelLoaded({ model: parseUserModel(embeddedUserModel, 'the page'), revision: readRevision(embeddedUserModel) }));
    return true;
  }
  let stored: StoredSettings;
  try {
    stored = yield* callApi('userModel', (signal) => api.loadUserModel({ signal, fresh: true }));
  } catch (error) {
    yield* put(userActions.loadFailed(toErrorInfo(error)));
    return false;
  }
  yield* put(userModelLoaded(stored));
  if (kept) yield* call(restoreKeptChange, kept, stored);
  return true;
}

/** Retry after a failed load: loads again (a second click while loading is ignored). */
export function* reloadOnRequest() {
  yield* takeLeading(userActions.loadRequested, function* reload() {
    const loaded = yield* select(selectUserLoaded);
    if (!loaded) yield* call(loadUserModel);
  });
}

/** A change kept from an earlier visit: re-sent unless the server already holds it. */
function* restoreKeptChange(kept: PendingChange, stored: StoredSettings) {
  const { pending } = yield* services();
  const model = stored.revision === kept.revision ? kept.model : rebaseModel(kept.base, kept.model, stored.model);
  if (sameModel(model, stored.model)) {
    pending.clear();
    return;
  }
  yield* put(userActions.rebased({ confirmed: stored, model }));
}

/** Signals every change of the model (and every retry request), and keeps the unconfirmed one. */
function* watchModelChanges(changes: Channel<true>) {
  const { pending } = yield* services();
  let last = yield* select(selectUserState);
  for (;;) {
    const action = yield* take('*');
    const current = yield* select(selectUserState);
    const previous = last;
    last = current;
    if (action.type === userModelLoaded.type || !current.loaded) continue;
    if (current.model !== previous.model || current.confirmed !== previous.confirmed) keepUnconfirmed(pending, current);
    // A Retry while an attempt is scheduled cuts that wait (saveWithRetry); otherwise it starts a round.
    const retryAsked = action.type === userActions.saveRetryRequested.type && previous.save.status !== 'retrying';
    if (current.model !== previous.model || retryAsked) changes.put(true);
  }
}

function keepUnconfirmed(pending: { write(c: PendingChange): void; clear(): void }, state: UserState): void {
  if (sameModel(state.model, state.confirmed.model)) pending.clear();
  else pending.write({ model: state.model, base: state.confirmed.model, revision: state.confirmed.revision });
}

/**
 * Sends the latest model until the server confirms it ('saved'), refuses it as stale, or refuses
 * it in a way retrying cannot fix ('failed'). Between attempts it waits (saveBackoff.ts).
 */
function* saveWithRetry(backoff: SaveBackoff) {
  const { api } = yield* services();
  for (let attempt = 1; ; attempt++) {
    const model = yield* select(selectUserModel);
    const confirmed = yield* select(selectConfirmed);
    // A flush (the page was hidden meanwhile) may have been confirmed during the wait.
    if (sameModel(model, confirmed.model)) return 'saved';
    yield* put(userActions.saveStarted({ attempt }));
    try {
      const saved = yield* callApi('save', (signal) => api.save(model, { signal, revision: confirmed.revision }));
      yield* put(userActions.saveConfirmed({ model, revision: saved.revision }));
      return 'saved';
    } catch (error) {
      if (isApiError(error) && error.code === 'stale') return 'stale';
      if (!isRetryable(error)) {
        yield* put(userActions.saveFailed(toErrorInfo(error)));
        return 'failed';
      }
      yield* call(waitBeforeAttempt, attempt, toErrorInfo(error), backoff);
    }
  }
}

/**
 * Waits before attempt `failed + 1`: the server's Retry-After when it gave one, else the backoff;
 * cut short by the owner's Retry, and (unless the server asked for the wait) by the browser being
 * back online or the tab visible again.
 */
function* waitBeforeAttempt(failed: number, error: ErrorInfo, backoff: SaveBackoff) {
  const { lifecycle, random = Math.random, now = Date.now } = yield* services();
  const serverAsked = typeof error.retryAfterMs === 'number';
  const waitMs = serverAsked ? error.retryAfterMs! : backoffDelay(failed, backoff, random());
  yield* put(userActions.saveRetryScheduled({ attempt: failed + 1, error, nextAttemptAt: now() + waitMs }));
  const resumed = eventChannel<true>((emit) => lifecycle.onResumed(() => emit(true)));
  try {
    yield* race({
      due: delay(waitMs),
      retry: take(userActions.saveRetryRequested),
      ...(serverAsked ? {} : { resumed: take(resumed) }),
    });
  } finally {
    resumed.close();
  }
}

/** After a stale save: the server's model, with the owner's change re-applied on top (the reload retried as a save is). */
function* reloadAndRebase(backoff: SaveBackoff) {
  const { api } = yield* services();
  let stored: StoredSettings | null = null;
  for (let attempt = 1; !stored; attempt++) {
    try {
      stored = yield* callApi('userModel', (signal) => api.loadUserModel({ signal, fresh: true }));
    } catch (error) {
      if (!isRetryable(error)) {
        yield* put(userActions.saveFailed(toErrorInfo(error)));
        return false;
      }
      yield* call(waitBeforeAttempt, attempt, toErrorInfo(error), backoff);
    }
  }
  const base = yield* select(selectConfirmed);
  const mine = yield* select(selectUserModel);
  yield* put(userActions.rebased({ confirmed: stored, model: rebaseModel(base.model, mine, stored.model) }));
  return true;
}

/** Saves the current model until the server holds it, or the owner must be asked. */
function* saveRound(backoff: SaveBackoff) {
  const { bridge } = yield* services();
  for (let rebases = 0; ; rebases++) {
    const model = yield* select(selectUserModel);
    const confirmed = yield* select(selectConfirmed);
    if (sameModel(model, confirmed.model)) {
      yield* put(userActions.saveSucceeded());
      return;
    }
    const outcome = yield* call(saveWithRetry, backoff);
    if (outcome === 'failed') return;
    if (outcome === 'saved') {
      yield* put(userActions.saveSucceeded());
      yield* call([bridge, bridge.settingsUpdated], { type: 'saved' });
      return;
    }
    if (rebases >= MAX_REBASES) {
      yield* put(userActions.saveFailed({ code: 'stale', status: 409, message: 'The settings kept changing elsewhere.' }));
      return;
    }
    const reloaded = yield* call(reloadAndRebase, backoff);
    if (!reloaded) return;
  }
}

/** Waits until no change came for `quietMs` (each change restarts the wait). */
function* quietPeriod(changes: Channel<true>, quietMs: number) {
  for (;;) {
    const result = yield* race({ change: take(changes), quiet: delay(quietMs) });
    if (!result.change) return;
  }
}

/** When the page is hidden or unloaded, an unconfirmed change goes out with `keepalive`. */
function* flushWhenHidden() {
  const { lifecycle } = yield* services();
  const hidden = eventChannel<true>((emit) => lifecycle.onHidden(() => emit(true)));
  for (;;) {
    yield* take(hidden);
    const state = yield* select(selectUserState);
    if (!state.loaded || sameModel(state.model, state.confirmed.model)) continue;
    yield* spawn(flushSave, state.model, state.confirmed.revision);
  }
}

function* flushSave(model: UserModel, revision: number) {
  const { api } = yield* services();
  try {
    const saved = yield* call([api, api.save], model, { revision, keepalive: true });
    yield* put(userActions.saveConfirmed({ model, revision: saved.revision }));
  } catch {
    // Still kept in local storage: the save in progress, a retry or the next visit sends it.
  }
}

export function* saveUserModel() {
  const { saveDebounceMs = 300, saveBackoff = SAVE_BACKOFF } = yield* services();
  const changes = channel<true>(buffers.sliding(1));
  yield* fork(watchModelChanges, changes);
  yield* fork(flushWhenHidden);
  for (;;) {
    yield* take(changes);
    yield* put(userActions.saveScheduled());
    yield* call(quietPeriod, changes, saveDebounceMs);
    yield* call(saveRound, saveBackoff);
  }
}
