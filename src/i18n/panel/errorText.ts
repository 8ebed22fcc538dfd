/** Words for a failure, from the small error code the sagas keep (design: errors at the edge). */
import type { ErrorInfo } from '../../api/ApiError';
import type { Translator } from '../translator';
import type { PanelSource } from './en';

const WITHOUT_DETAILS = ['network', 'unauthorized', 'malformed', 'aborted', 'unknown'] as const;
type PlainCode = (typeof WITHOUT_DETAILS)[number];
const isPlain = (code: string): code is PlainCode => (WITHOUT_DETAILS as readonly string[]).includes(code);

export function errorText(i18n: Translator<PanelSource>, error: Pick<ErrorInfo, 'code' | 'status'>): string {
  if (error.code === 'http') return i18n.t('error.http', { status: error.status ?? '?' });
  return i18n.t(isPlain(error.code) ? `error.${error.code}` : 'error.unknown');
}
