/**
 * The fake drive's answers: the reply shape, the drive's error body (`{error: {errors: [{domain,
 * reason, message}], code, message}}`, rate limits in the `usageLimits` domain as the drive puts
 * them) and the partial response of a `fields` mask.
 */
import { createHash } from 'node:crypto';
import { applyFields, FieldsSyntaxError, parseFields } from './fields';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const USAGE_LIMITS = new Set(['userRateLimitExceeded', 'rateLimitExceeded', 'dailyLimitExceeded']);

export function driveError(status: number, reason: string, message: string, extra: Record<string, string> = {}): Reply {
  const domain = USAGE_LIMITS.has(reason) ? 'usageLimits' : 'global';
  return { status, body: { error: { errors: [{ domain, reason, message, ...extra }], code: status, message } } };
}

export function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

/** `body` as the `fields` mask selects it; a mask that does not parse is the drive's 400. */
export function withFields(body: unknown, fields: string | null): Reply {
  if (!fields) return { status: 200, body };
  try {
    return { status: 200, body: applyFields(body, parseFields(fields)) };
  } catch (error) {
    if (error instanceof FieldsSyntaxError) return driveError(400, 'invalidParameter', `Invalid field selection ${fields}`, { location: 'fields' });
    throw error;
  }
}
