/**
 * Live preview: every change of the user model reaches the widget at once as a settings-updated
 * message carrying the model, at most every PREVIEW_INTERVAL_MS (a slider drag previews
 * continuously), without waiting for the save. The widget draws it without reloading.
 */
import { buffers, channel, type Channel } from 'redux-saga';
import { call, delay, fork, select, take } from 'typed-redux-saga';
import type { UserModel } from '../../api/schemas';
import { selectUserModel, selectUserLoaded, userModelLoaded } from '../model';
import { services } from '../services/context';

export const PREVIEW_INTERVAL_MS = 50;

/** The message the widget previews: `{ type: 'preview', model }`. */
interface PreviewMessage {
  type: 'preview';
  model: UserModel;
}

function* watchChanges(changes: Channel<UserModel>) {
  let last = yield* select(selectUserModel);
  for (;;) {
    const action = yield* take('*');
    const current = yield* select(selectUserModel);
    const loaded = yield* select(selectUserLoaded);
    // Before the load the model is the default one, not the owner's: nothing to preview. The
    // loaded model is the baseline, which the widget already shows.
    if (action.type === userModelLoaded.type || !loaded) last = current;
    if (current !== last) {
      last = current;
      changes.put(current);
    }
  }
}

export function* previewSaga() {
  const { bridge } = yield* services();
  const changes = channel<UserModel>(buffers.sliding(1));
  yield* fork(watchChanges, changes);
  for (;;) {
    const model = yield* take(changes);
    const message: PreviewMessage = { type: 'preview', model };
    yield* call([bridge, bridge.settingsUpdated], message);
    yield* delay(PREVIEW_INTERVAL_MS);
  }
}
