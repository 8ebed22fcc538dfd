/**
 * Picker mode (driveAccess.ts): how the owner's pick reaches the widget. The panel asks for a connect
 * ticket with its own credential (connectTicket.ts) and opens the `picker` route with it in a popup;
 * that page, on our origin, holds the drive's short-lived access token (the Picker needs it in the
 * page) and nothing else of the owner's. When the owner picks, the page hands the file's id only to
 * `window.opener`, by postMessage with our own origin as the target, and closes; the panel takes the
 * message only from that popup and its own origin, and reports the id to `pickerChoice` with its own
 * credential. The server reads the file with the widget's grant: a folder is refused
 * (`picked_folder`: only files can be activated, spec §5), a file the grant does not reach is
 * `not_found`; the panel then activates the file as the spec says (its permissions read first).
 * Cancelling sends `cancel` and changes nothing. The server, its page, the panel and Mirage apply this.
 * The panel sends the widget's saved locale (locale.ts) with the ticket: the page and the Picker speak
 * it when it is one of the panel's languages; any other value is ignored (the page's default).
 */
import { isValidFileId } from './fileId';

/** The `type` of the popup's messages to its opener. */
export const PICKER_CHOICE_MESSAGE = 'dfw-picker-choice';
export const PICKER_CANCEL_MESSAGE = 'dfw-picker-cancel';

/** The field of the `pickerChoice` body (JSON) that carries the file's id. */
export const PICKER_CHOICE_FIELD = 'fileId';

/** The `picker` route's query field that carries the widget's saved locale (locale.ts; the page takes it by spokenLanguage, src/i18n/languages.ts). */
export const PICKER_LOCALE_FIELD = 'locale';

export type PickerOutcome = { picked: string } | { cancelled: true };

/** What a message from the popup says, or null for any other message (a message is hostile until checked). */
export function pickerOutcomeOf(data: unknown): PickerOutcome | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, fileId } = data as Record<string, unknown>;
  if (type === PICKER_CANCEL_MESSAGE) return { cancelled: true };
  return type === PICKER_CHOICE_MESSAGE && typeof fileId === 'string' && isValidFileId(fileId) ? { picked: fileId } : null;
}
