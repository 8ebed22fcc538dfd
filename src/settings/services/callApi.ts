/**
 * Runs one backend request from a saga: gives it an AbortSignal that is aborted when the saga is
 * cancelled, and reports start, success, failure or cancellation, which drive the loader.
 *
 * Callers delegate with `yield*`, and get the request's result typed. The request runs in its own task (`call` of `trackedRequest`):
 * when the caller is cancelled, that task is cancelled and the caller stops where it is. (A
 * `finally` that yields inside a generator delegated to with `yield*` would instead hand the
 * cancel marker back to the caller as a result, and the caller would carry on with it.)
 */
import { call, cancelled, put } from 'typed-redux-saga';
import { toErrorInfo } from '../../api/ApiError';
import type { RouteName } from '../../api/routes';
import { requestCancelled, requestFailed, requestStarted, requestSucceeded } from '../model';

let nextId = 1;

export function* callApi<T>(route: RouteName, run: (signal: AbortSignal) => Promise<T>) {
  return yield* call(trackedRequest<T>, route, run);
}

function* trackedRequest<T>(route: RouteName, run: (signal: AbortSignal) => Promise<T>) {
  const id = nextId++;
  const controller = new AbortController();
  let settled = false;
  yield* put(requestStarted({ id, route }));
  try {
    const result = yield* call(run, controller.signal);
    settled = true;
    yield* put(requestSucceeded({ id, route }));
    return result;
  } catch (error) {
    settled = true;
    yield* put(requestFailed({ id, route, error: toErrorInfo(error) }));
    throw error;
  } finally {
    if (!settled && (yield* cancelled())) {
      controller.abort();
      yield* put(requestCancelled({ id, route }));
    }
  }
}
