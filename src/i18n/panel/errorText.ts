/**
 * Words for a failure, from the small error code the sagas keep (design: errors at the edge). Where
 * the server (or the client, before sending) gave a reason the contract knows, its words come first:
 * a refused setting is named, in words; otherwise the code says what happened.
 */
import type { ErrorInfo } from '../../api/ApiError';
import { isErrorCode, settingOf, type ErrorCode } from '../../contract/issues';
import { SETTINGS } from '../../contract/userModel';
import type { Translator } from '../translator';
import type { PanelKey, PanelSource } from './en';

/** A key of a message without placeholders. */
type PlainKey = { [K in PanelKey]: PanelSource[K] extends string ? (PanelSource[K] extends `${string}{${string}` ? never : K) : never }[PanelKey];

const WITHOUT_DETAILS = ['network', 'unauthorized', 'reconnect', 'malformed', 'aborted', 'unknown', 'timeout', 'stale', 'refused'] as const;
type PlainCode = (typeof WITHOUT_DETAILS)[number];
const isPlain = (code: string): code is PlainCode => (WITHOUT_DETAILS as readonly string[]).includes(code);

/** The words for each of the contract's error codes (invalid_user: with the setting, below). */
const REASON_WORDS: Record<ErrorCode, PlainKey> = {
  invalid_user: 'error.reason.invalidRequest',
  invalid_revision: 'error.reason.invalidRequest',
  invalid_file_id: 'error.refused.invalid_file_id',
  invalid_request: 'error.reason.invalidRequest',
  malformed_json: 'error.reason.invalidRequest',
  missing_component: 'error.refused.missing_component',
  bad_request: 'error.reason.invalidRequest',
  unsupported_media_type: 'error.reason.invalidRequest',
  payload_too_large: 'error.reason.tooLarge',
  method_not_allowed: 'error.reason.invalidRequest',
  not_found: 'error.reason.invalidRequest',
  missing_instance: 'error.reason.session',
  invalid_instance: 'error.reason.session',
  expired_instance: 'error.reason.session',
  forbidden: 'error.refused.visitor',
  not_connected: 'error.unauthorized',
  reconnect_required: 'error.reconnect',
  rate_limited: 'error.reason.rateLimited',
  unavailable: 'error.reason.unavailable',
  internal: 'error.reason.unavailable',
  stale_revision: 'error.stale',
  content_unrenderable: 'error.reason.unrenderable',
  widget_key_taken: 'error.reason.widgetKeyTaken',
  connect_refused: 'error.reason.connectRefused',
  picked_folder: 'error.reason.pickedFolder',
  picker_off: 'error.reason.pickerOff',
};

export type ErrorTextInput = Pick<ErrorInfo, 'code' | 'status'> & Pick<Partial<ErrorInfo>, 'reason' | 'field'>;

/** The server's reason in words, when the contract knows its code. */
function reasonText(i18n: Translator<PanelSource>, { reason, field }: ErrorTextInput): string | null {
  if (!isErrorCode(reason)) return null;
  const setting = reason === 'invalid_user' ? settingOf(field) : null;
  if (setting) return i18n.t('error.reason.invalidSetting', { setting: i18n.t(SETTINGS[setting].label) });
  return i18n.t(REASON_WORDS[reason]);
}

export function errorText(i18n: Translator<PanelSource>, error: ErrorTextInput): string {
  const reason = reasonText(i18n, error);
  if (reason) return reason;
  if (error.code === 'http') return i18n.t('error.http', { status: error.status ?? '?' });
  return i18n.t(isPlain(error.code) ? `error.${error.code}` : 'error.unknown');
}
