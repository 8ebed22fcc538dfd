/**
 * A database that cannot answer now (stopped, restarting, unreachable, out of connections, too
 * slow) is not a server fault: requests that need it answer 503 `database_unavailable` with
 * Retry-After, and the pool reconnects by itself when the database returns.
 */

/** Thrown by the database layer instead of the driver's error when the database cannot answer. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The database is unavailable (${reason}).`);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a database going away or refusing work: shutdown, cannot connect now, too many connections, canceled by statement_timeout. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const DRIVER_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
  /connection (?:is )?closed/i,
];

/** The short reason of a failure the database layer reports as unavailable; null for any other failure. */
export function unavailableReason(error: unknown): string | null {
  // Read by shape, not `instanceof`: socket errors come from Node's own realm.
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return code;
  }
  if (typeof message !== 'string') return null;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(message)) ? message.slice(0, 80) : null;
}

/** `error` as a DatabaseUnavailableError when the database could not answer, else unchanged. */
export function asUnavailable(error: unknown): unknown {
  const reason = unavailableReason(error);
  return reason === null ? error : new DatabaseUnavailableError(reason);
}

/** SQLSTATEs of a connection the server ended: terminated (pg_terminate_backend, a fast shutdown or restart), or the server crashed. */
const ENDED_STATES = new Set(['57P01', '57P02']);
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE']);
const LOST_MESSAGES = [/connection terminated unexpectedly/i, /not queryable/i, /connection (?:is )?closed/i];

/**
 * Whether `error` says a connection in use was lost (ended by the server, reset, already dead),
 * as opposed to a refusal, a time-out or a fault of the statement: another connection may succeed.
 */
export function connectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (ENDED_STATES.has(code) || LOST_CODES.has(code))) return true;
  return typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message));
}

/** A connection already dead when a statement was given to it: the statement was never sent. */
export function neverSent(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /not queryable/i.test(message);
}
