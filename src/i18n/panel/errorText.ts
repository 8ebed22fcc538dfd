/** Words for a failure, from the small error code the sagas keep (design: errors at the edge). */
import type { ErrorInfo } from '../../api/ApiError';
import type { Translator } from '../translator';
import type { PanelSource } from './en';

const WITHOUT_DETAILS = ['network', 'unauthorized', 'reconnect', 'malformed', 'aborted', 'unknown', 'timeout', 'stale', 'refused'] as const;
type PlainCode = (typeof WITHOUT_DETAILS)[number];
const isPlain = (code: string): code is PlainCode => (WITHOUT_DETAILS as readonly string[]).includes(code);

/** Refusals the server (or the client, before sending) explains by a reason of their own. */
const REFUSALS = ['invalid_file_id', 'no_component', 'visitor'] as const;
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (reason: string | null | undefined): reason is Refusal => (REFUSALS as readonly (string | null | undefined)[]).includes(reason);

export function errorText(i18n: Translator<PanelSource>, error: Pick<ErrorInfo, 'code' | 'status'> & { reason?: string | null }): string {
  if (error.code === 'http') return i18n.t('error.http', { status: error.status ?? '?' });
  if (error.code === 'refused' && isRefusal(error.reason)) return i18n.t(`error.refused.${error.reason}`);
  return i18n.t(isPlain(error.code) ? `error.${error.code}` : 'error.unknown');
}
