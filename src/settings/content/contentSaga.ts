/**
 * The custom element's `content` attribute, in the platform's current model (issue 20): a
 * reference to the server's rendering of the active file (`{fileId, version}`,
 * src/contract/elementContent.ts), which the site's page carries to visitors; never the rendering
 * itself, which the element fetches. Only the panel can write it (`widget.setProp`, through the
 * bridge's `elementContent`), so the panel keeps it up to date. It asks the owner's route first,
 * so the server renders and stores the file before the element asks for it:
 * - when the file visitors may see as part of the page changes (another file, its sharing, the
 *   display mode), once the server holds that model (the route answers from the stored model), and
 *   when the panel opens (a new version of the file, or a file deleted meanwhile, counts then);
 * - at once, with no request, when nothing may be shown any more (no file, the drive's viewer, a
 *   file made private): the attribute is cleared before the save is confirmed;
 * - a request or a write that fails is tried again (the save's backoff, or the server's
 *   Retry-After; at once when the browser is back online, the tab visible, or on the owner's
 *   Retry) and said (ContentStatus.tsx); a refusal retrying cannot fix waits for the owner's Retry.
 * A newer change cancels the work under way for an older one.
 */
import { buffers, channel, eventChannel, type Channel, type Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, select, take } from 'typed-redux-saga';
import { isRetryable, toErrorInfo, type ErrorInfo } from '../../api/ApiError';
import { contentAttributeOf } from '../../contract/elementContent';
import type { UserModel } from '../../contract/userModel';
import { modelFor } from '../../contract/visitorView';
import { showsNatively } from '../../drive/display';
import type { ElementContentProp } from '../../editor/EditorBridge';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import { backoffDelay, SAVE_BACKOFF } from '../services/saveBackoff';
import { contentActions } from './contentSlice';
import type { UserState } from '../model/userSlice';

/** What the attribute must become: cleared, or a reference to the server's rendering for this model's file. */
export type ContentTarget = { kind: 'clear' } | { kind: 'fetch'; key: string };

/** The part of a model that decides what visitors see as part of the page, or null when nothing. */
export function nativeShownKey(model: UserModel): string | null {
  const fileId = modelFor(model, false).activeFileId;
  if (fileId === null || !showsNatively(model.display, model.activeFileMimeType)) return null;
  return [fileId, model.activeFilePerm, model.display, model.activeFileMimeType].join('\n');
}

/**
 * The target for the panel's model and the server's (confirmed) one: clear as soon as the panel's
 * shows nothing; fetch once the server holds what the panel shows; null while the save is under way.
 */
export function targetOf(current: UserModel, confirmed: UserModel): ContentTarget | null {
  const wanted = nativeShownKey(current);
  if (wanted === null) return { kind: 'clear' };
  return wanted === nativeShownKey(confirmed) ? { kind: 'fetch', key: wanted } : null;
}

const selectUserState = (s: { user: UserState }) => s.user;

function* watchTargets(targets: Channel<ContentTarget>) {
  let last: string | null = null;
  for (;;) {
    yield* take('*');
    const state = yield* select(selectUserState);
    if (!state.loaded) continue;
    const target = targetOf(state.model, state.confirmed.model);
    const id = target === null ? null : target.kind === 'clear' ? '' : target.key;
    if (id === null || id === last) continue;
    last = id;
    targets.put(target!);
  }
}

/** Runs `step` until it succeeds: a failure is said and tried again (retryable) or waits for the owner's Retry. */
function* untilDone<T>(step: () => Generator<unknown, T, unknown>) {
  const { saveBackoff = SAVE_BACKOFF, random = Math.random, now = Date.now } = yield* services();
  for (let attempt = 1; ; attempt++) {
    try {
      return yield* step();
    } catch (error) {
      const info = toErrorInfo(error);
      // A write to the editor that failed (its time limit, a lost channel) is worth another try too.
      const retryable = isRetryable(error) || info.code === 'unknown';
      if (!retryable) {
        yield* put(contentActions.failed(info));
        yield* take(contentActions.retryRequested);
        continue;
      }
      const waitMs = typeof info.retryAfterMs === 'number' ? info.retryAfterMs : backoffDelay(attempt, saveBackoff, random());
      yield* put(contentActions.retryScheduled({ error: info, nextAttemptAt: now() + waitMs }));
      yield* call(waitBeforeAttempt, waitMs, info);
    }
  }
}

function* waitBeforeAttempt(waitMs: number, error: ErrorInfo) {
  const { lifecycle } = yield* services();
  const resumed = eventChannel<true>((emit) => lifecycle.onResumed(() => emit(true)));
  try {
    yield* race({
      due: delay(waitMs),
      retry: take(contentActions.retryRequested),
      ...(typeof error.retryAfterMs === 'number' ? {} : { resumed: take(resumed) }),
    });
  } finally {
    resumed.close();
  }
}

/** Brings the attribute to `target`; `written` holds what the element carries (null: unknown). */
function* bringUpToDate(element: ElementContentProp, target: ContentTarget, written: { value: string | null }) {
  const { api } = yield* services();
  yield* put(contentActions.updateStarted());
  let value = '';
  if (target.kind === 'fetch') {
    const answer = yield* untilDone(function* fetchRendering() {
      return yield* callApi('nativeContent', (signal) => api.nativeContent({ signal, fresh: true }));
    });
    // The reference alone: the rendering stays on our server (a file made private stays in no published page).
    value = answer.content ? contentAttributeOf(answer.content) : '';
  }
  if (written.value !== value) {
    // Unknown until the write is confirmed: a write cancelled half-way may still have reached the element.
    written.value = null;
    yield* untilDone(function* writeAttribute() {
      yield* call([element, element.write], value);
    });
    written.value = value;
  }
  yield* put(contentActions.updated());
}

export function* contentSaga() {
  const { bridge } = yield* services();
  const element = bridge.elementContent;
  if (!element) return;
  const targets = channel<ContentTarget>(buffers.sliding(1));
  yield* fork(watchTargets, targets);
  // What the element carries when the panel opens: a rendering that did not change is not written again.
  const written: { value: string | null } = { value: null };
  try {
    written.value = yield* call([element, element.read]);
  } catch (error) {
    console.warn(`Editor bridge: the widget's content could not be read (${toErrorInfo(error).message}); it is written again.`);
  }
  let task: Task | null = null;
  for (;;) {
    const target = yield* take(targets);
    if (task?.isRunning()) yield* cancel(task);
    task = yield* fork(bringUpToDate, element, target, written);
  }
}
