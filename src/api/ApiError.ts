import type { RouteName } from './routes';

/**
 * The one error type the api client throws. Sagas turn `code` into state; components turn the
 * code into words in the owner's language.
 * - network: the request never got an answer
 * - http: the server answered with an error status (see `status`)
 * - unauthorized: 401, no drive account is connected
 * - reconnect: 401 `reconnect_required`, the drive access ended (revoked or expired): connect again
 * - malformed: the answer did not match its schema
 * - aborted: the caller cancelled the request
 */
export type ApiErrorCode = 'network' | 'http' | 'unauthorized' | 'reconnect' | 'malformed' | 'aborted';

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly route: RouteName;
  readonly status: number | null;

  constructor(code: ApiErrorCode, route: RouteName, message: string, status: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.route = route;
    this.status = status;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A small serialisable description of a failure, fit for the store. */
export interface ErrorInfo {
  code: ApiErrorCode | 'unknown';
  status: number | null;
  message: string;
}

export function toErrorInfo(e: unknown): ErrorInfo {
  if (isApiError(e)) return { code: e.code, status: e.status, message: e.message };
  return { code: 'unknown', status: null, message: e instanceof Error ? e.message : String(e) };
}
