/**
 * Picker mode: "Choose a file" opens the Picker's popup on our server's origin (src/contract/
 * pickerChoice.ts). As connecting does, the popup opens blank within the owner's click, then goes to
 * the picker route with a one-time ticket the panel fetched with its own credential. The panel takes
 * the popup's message only from that window and our origin (windows.ts), closes it, and reports the
 * picked file with its own credential; the server's answer (a file, never a folder) is chosen as a
 * row of the files table is (fileChosen: permissions read first, then active). A cancel, or a popup
 * closed without a message, changes nothing.
 */
import { buffers, eventChannel } from 'redux-saga';
import { call, delay, put, race, select, take, takeLeading } from 'typed-redux-saga';
import { isApiError, toErrorInfo } from '../../api/ApiError';
import { pickerOutcomeOf, type PickerOutcome } from '../../contract/pickerChoice';
import { isFolderType } from '../../drive/rules';
import { PICKED_FOLDER } from '../../contract/issues';
import { fileChosen, selectUserModel } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import type { OpenedWindow } from '../services/windows';
import { pickerActions } from './pickerSlice';

const PICKER_WINDOW = { width: 1051, height: 650 } as const;

function outcomesFrom(popup: OpenedWindow) {
  return eventChannel<PickerOutcome>(
    (emit) =>
      popup.onMessage((data) => {
        const outcome = pickerOutcomeOf(data);
        if (outcome !== null) emit(outcome);
      }),
    buffers.sliding(1),
  );
}

function* untilClosed(popup: OpenedWindow) {
  const { pollIntervalMs = 500 } = yield* services();
  while (!popup.closed) yield* delay(pollIntervalMs);
}

/**
 * The popup goes to the picker route with a ticket and the widget's saved locale (the page and the
 * Picker speak it); false (the popup closed, the failure kept) when no ticket came.
 */
function* sendWithTicket(popup: OpenedWindow) {
  const { api } = yield* services();
  try {
    const ticket = yield* callApi('connectTicket', (signal) => api.connectTicket({ signal }));
    const { locale } = yield* select(selectUserModel);
    popup.navigate(api.pickerUrl(ticket, locale));
    return true;
  } catch (error) {
    popup.close();
    yield* put(pickerActions.choiceFailed(toErrorInfo(error)));
    return false;
  }
}

/** The server reads the picked file with the owner's grant; a file is then chosen as the table's rows are. */
function* report(fileId: string) {
  const { api } = yield* services();
  yield* put(pickerActions.fileReported());
  try {
    const file = yield* callApi('pickerChoice', (signal) => api.choosePicked(fileId, { signal }));
    // The server refuses folders; an answer that is one anyway is refused here too (only files can be activated).
    if (isFolderType(file.mimeType)) {
      yield* put(pickerActions.choiceFailed({ code: 'refused', status: 400, message: PICKED_FOLDER.message, reason: PICKED_FOLDER.error }));
      return;
    }
    yield* put(pickerActions.choiceAccepted());
    yield* put(fileChosen(file));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield* put(pickerActions.choiceFailed(toErrorInfo(error)));
  }
}

function* choose() {
  const { windows } = yield* services();
  const popup = windows.open('about:blank', 'dfw-picker', PICKER_WINDOW.width, PICKER_WINDOW.height);
  if (!popup) {
    yield* put(pickerActions.windowBlocked());
    return;
  }
  yield* put(pickerActions.windowOpened());
  const outcomes = yield* call(outcomesFrom, popup);
  try {
    if (!(yield* call(sendWithTicket, popup))) return;
    const ended = yield* race({ outcome: take(outcomes), closed: call(untilClosed, popup) });
    popup.close();
    const outcome = ended.outcome;
    if (outcome !== undefined && 'picked' in outcome) yield* call(report, outcome.picked);
    else yield* put(pickerActions.windowClosed());
  } finally {
    outcomes.close();
  }
}

export function* pickerSaga() {
  yield* takeLeading(pickerActions.chooseClicked, choose);
}
