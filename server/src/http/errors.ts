/**
 * Every error leaves as JSON `{error, message}` with a fitting status; a server fault is logged
 * and answered without its details.
 * - A route or a hook throws `HttpError` (status, code, message, extra fields such as `revision`).
 * - Input a route's schema refused (`SchemaError`) is a 400 whose message names the field, with the
 *   contract's codes (`describeIssues`: invalid_user, invalid_revision, malformed_json, …).
 * - Fastify's own refusals keep their status: 415 for a body type the route's group does not
 *   parse, 413 for a body too large, 400 for broken JSON; 429 from the write limit.
 * - A database that cannot answer (`DatabaseUnavailableError`) is 503 `database_unavailable` with
 *   Retry-After: the client tries again soon, as after a network failure.
 * - An unknown path is 404; a known path asked with another method is 405 with `Allow` (the
 *   methods come from the registered routes: routeRules.ts).
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { describeIssues, type ErrorBody } from '#client/contract/issues';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../db/unavailable';
import { SchemaError } from './typeProvider';

/** The error answer's schema: `{error, message}` and, for some codes, fields of their own. */
export const errorBodySchema = v.looseObject({ error: v.string(), message: v.string() });

/** A refusal a route or a hook throws; the errors plugin answers it, with its `headers` (e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  static of(statusCode: number, body: ErrorBody, extra?: Record<string, unknown>): HttpError {
    return new HttpError(statusCode, body.error, body.message, extra);
  }
}

export function sendError(reply: FastifyReply, status: number, error: string, message: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ ...extra, error, message });
}

const BY_CODE: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is larger than the server accepts.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'The request body has a content type this route does not accept.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed_json', 'The request body is empty, but JSON was announced.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'The request body does not match its Content-Length.'],
};

type AnyError = FastifyError & { retryAfter?: string };

export function errorHandler(error: AnyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return sendError(reply.headers(error.headers), error.statusCode, error.error, error.message, error.extra);
  if (error instanceof SchemaError) {
    const { error: code, message, ...extra } = describeIssues(error.issues, error.part);
    return sendError(reply, 400, code, message, extra);
  }
  if (error instanceof DatabaseUnavailableError) return databaseUnavailable(request, reply, error);
  const known = error.code ? BY_CODE[error.code] : undefined;
  if (known) return sendError(reply, known[0], known[1], known[2]);
  if (error.statusCode === 429) {
    return sendError(reply, 429, 'rate_limited', error.message, error.retryAfter ? { retryAfter: error.retryAfter } : {});
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return sendError(reply, 400, 'malformed_json', 'The request body is not valid JSON.');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return sendError(reply, status, 'bad_request', error.message);
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, 'internal', 'Something went wrong on the server. Try again.');
}

function databaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: DatabaseUnavailableError) {
  request.log.warn({ reason: error.reason }, 'database unavailable');
  reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendError(reply, 503, 'database_unavailable', 'The database is not available right now. Try again in a moment.');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  const allowed = request.server.allowedMethods(path);
  if (allowed) {
    reply.header('Allow', allowed.join(', '));
    return sendError(reply, 405, 'method_not_allowed', `${request.method} is not allowed on ${path}.`);
  }
  return sendError(reply, 404, 'not_found', `Nothing at ${request.method} ${path}.`);
}

const errors: FastifyPluginAsync = async (app) => {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
};

export default fp(errors, { name: 'errors', fastify: '5.x', dependencies: ['route-rules'] });
