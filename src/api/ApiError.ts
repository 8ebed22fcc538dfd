import type { RouteName } from './routes';
import type { ErrorCode } from '../contract/issues';

/**
 * The one error type the api client throws. Sagas turn `code` into state; components turn the
 * code into words in the owner's language.
 * - network: the request never got an answer
 * - http: the server answered with an error status (see `status`)
 * - unauthorized: 401, no drive account is connected
 * - reconnect: 401 `reconnect_required`, the drive access ended (revoked or expired): connect again
 * - malformed: the answer did not match its schema
 * - aborted: the caller cancelled the request
 * - timeout: no answer within the time limit (REQUEST_TIMEOUT_MS)
 * - stale: a save built on an older revision of the settings (409 stale_revision); see `revision`
 * - refused: the client refused to send the request (bad input); nothing was sent
 */
export type ApiErrorCode = 'network' | 'http' | 'unauthorized' | 'reconnect' | 'malformed' | 'aborted' | 'timeout' | 'stale' | 'refused';

export interface ApiErrorDetails {
  /** The server's `error` field, e.g. 'stale_revision'. */
  serverCode?: string | null;
  /** For a stale save: the server's current revision. */
  revision?: number | null;
  /** For a refused model: the setting the server named (contract/issues.ts). */
  field?: string | null;
  /** How long the server asked to wait before trying again (its Retry-After), in ms. */
  retryAfterMs?: number | null;
}

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly route: RouteName;
  readonly status: number | null;
  readonly serverCode: string | null;
  readonly revision: number | null;
  readonly field: string | null;
  readonly retryAfterMs: number | null;

  constructor(code: ApiErrorCode, route: RouteName, message: string, status: number | null = null, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.route = route;
    this.status = status;
    this.serverCode = details.serverCode ?? null;
    this.revision = details.revision ?? null;
    this.field = details.field ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
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
  /** The server's error code, or why the client refused (e.g. 'invalid_file_id'). */
  reason?: string | null;
  /** The setting a refused model named (e.g. 'font'). */
  field?: string | null;
  /** The server's Retry-After, in ms. */
  retryAfterMs?: number | null;
}

export function toErrorInfo(e: unknown): ErrorInfo {
  if (isApiError(e)) {
    const info: ErrorInfo = { code: e.code, status: e.status, message: e.message, reason: e.serverCode };
    if (e.field !== null) info.field = e.field;
    if (e.retryAfterMs !== null) info.retryAfterMs = e.retryAfterMs;
    return info;
  }
  return { code: 'unknown', status: null, message: e instanceof Error ? e.message : String(e) };
}

/** Why the client refuses a request before sending it: the code the server would answer with (src/contract/issues.ts). */
export type RefusalReason = Extract<ErrorCode, 'invalid_file_id' | 'missing_component'>;

export function refused(route: RouteName, reason: RefusalReason, message: string): ApiError {
  return new ApiError('refused', route, message, null, { serverCode: reason });
}

/**
 * Failures worth trying again: no answer, a time-out, a server error or rate limit. Any other
 * refusal (400, 401, 403, 404, 413, …) is the same the next time: retrying cannot fix it.
 */
export function isRetryable(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.code === 'network' || e.code === 'timeout') return true;
  return e.code === 'http' && e.status !== null && (e.status >= 500 || e.status === 429 || e.status === 408);
}
