/**
 * How a refused request is answered, by the server and the mock alike: `{error, message}`, where
 * `error` is a small code the client knows and `message` names the field and what is wrong.
 */
import type { BaseIssue } from 'valibot';
import { isRecord } from './record';
import { checkSavedModel, USER_MODEL_FIELDS, type UserModel } from './userModel';

export interface ErrorBody {
  error: string;
  message: string;
  /** For a refused model (`invalid_user`): the first setting whose value was refused, e.g. 'font'. */
  field?: keyof UserModel;
}

/** The setting a refusal names, when it names one the model has (an answer is hostile until checked). */
export const settingOf = (value: unknown): keyof UserModel | null =>
  typeof value === 'string' && (USER_MODEL_FIELDS as readonly string[]).includes(value) ? (value as keyof UserModel) : null;

/** The first setting of a refused model: the one rule of the model says which (checkSavedModel). */
function refusedSetting(issue: BaseIssue<unknown>): keyof UserModel | null {
  if (!isRecord(issue.input)) return null;
  const checked = checkSavedModel(issue.input);
  return checked.ok ? null : settingOf(checked.invalid[0]);
}

/**
 * Every `error` code the server and the mock answer with, so the panel has words for each (a code
 * added here without words does not compile: src/i18n/panel/errorText.ts).
 */
export const ERROR_CODES = [
  // Input a route's schema refused (describeIssues); invalid_user names the setting in `field`.
  'invalid_user',
  'invalid_revision',
  'invalid_file_id',
  'invalid_request',
  'malformed_json',
  'missing_component',
  'bad_request',
  'unsupported_media_type',
  'payload_too_large',
  'method_not_allowed',
  'not_found',
  // Who may ask (the signed instance, the owner, the drive's grant).
  'missing_instance',
  'invalid_instance',
  'expired_instance',
  'forbidden',
  'not_connected',
  'reconnect_required',
  // Refusals that pass with time (they may carry Retry-After: retryAfter.ts).
  'rate_limited',
  'unavailable',
  'internal',
  // A save on an older revision (revision.ts).
  'stale_revision',
  // The active file can never be shown as part of the page until it changes (too large, nested too deep).
  'content_unrenderable',
  // The widget key is another site's (contract/widgetKey.ts, keyHeldByAnother): its settings are not this site's to change.
  'widget_key_taken',
  // A sign-in's completion that is unknown, used, expired or was begun for another widget (connectCompletion.ts).
  'connect_refused',
  // Picker mode (pickerChoice.ts): a folder was picked (only files can be activated), or the server is in browse mode.
  'picked_folder',
  'picker_off',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);

/** A request that names no widget (no compId nor origCompId, spec §2). */
export const NO_WIDGET: ErrorBody = { error: 'missing_component', message: 'The request names no widget (compId or origCompId).' };

/** A save or delete under a widget key another site holds (keyHeldByAnother of widgetKey.ts). */
export const WIDGET_KEY_TAKEN: ErrorBody = {
  error: 'widget_key_taken',
  message: "This widget's key belongs to another site (the widget was copied from it): remove this widget and add it again.",
};

/** The drive's limit on a document's export (platform-notes): a larger one is refused, not cut. */
export const MAX_EXPORT_BYTES = 10 * 1024 * 1024;

/** A limit in bytes, in the words of a message: whole megabytes. */
export const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Why a document over the export limit cannot be had: the drive refuses it (403 exportSizeLimitExceeded). */
export const EXPORT_REFUSED = `The drive refuses to export the document: it is larger than its limit of ${megabytes(MAX_EXPORT_BYTES)}.`;

/** A file that can never be shown as part of the page until it changes (`why`: the limit it is over), as the owner's content route answers it. */
export const unrenderableBody = (why: string): ErrorBody => ({
  error: 'content_unrenderable',
  message: `${why} It cannot be shown as part of the page: show it in the drive's viewer.`,
});

/** The refusal of a completion code: the same answer whatever the reason, so a caller learns nothing of another widget's sign-ins. */
export const CONNECT_REFUSED: ErrorBody = {
  error: 'connect_refused',
  message: 'This sign-in cannot connect this widget: it was already used, has expired or was started for another widget. Connect your drive again.',
};

/** A folder was picked in picker mode: only files can be activated (spec §5). */
export const PICKED_FOLDER: ErrorBody = { error: 'picked_folder', message: 'A folder cannot be shown: choose a file.' };

/** A picker route on a server in browse mode (DRIVE_ACCESS), or a listing route in picker mode. */
export const PICKER_OFF: ErrorBody = { error: 'picker_off', message: 'This server does not reach the drive this way (DRIVE_ACCESS).' };

/** A signed instance whose signature does not match (a forged or stale editor session). */
export const FORGED_INSTANCE: ErrorBody = { error: 'invalid_instance', message: 'The instance signature does not match.' };

/** The codes of fields the client tells apart; any other bad field is `invalid_request`. */
const FIELD_CODES: Record<string, string> = {
  user: 'invalid_user',
  revision: 'invalid_revision',
  fileId: 'invalid_file_id',
};

function pathOf(issue: BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

/** The answer to input refused by a schema; `part` says where it was (querystring, body, params). */
export function describeIssues(issues: readonly BaseIssue<unknown>[], part: string): ErrorBody {
  const first = issues[0];
  const path = first ? pathOf(first) : '';
  const field = path.split('.')[0] ?? '';
  const error = first?.type === 'parse_json' ? 'malformed_json' : (FIELD_CODES[field] ?? 'invalid_request');
  const where = path ? `${part}/${path}` : part;
  const what = first?.received === 'undefined' ? 'is missing' : first?.message;
  const message = first ? `${where} ${what}` : `${part} is not valid`;
  const body: ErrorBody = { error, message: message.endsWith('.') ? message : `${message}.` };
  const setting = first && error === FIELD_CODES.user ? refusedSetting(first) : null;
  if (setting) body.field = setting;
  return body;
}
