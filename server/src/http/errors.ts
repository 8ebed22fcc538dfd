/**
 * Every error leaves as JSON `{error, message}` with a fitting status; a server fault is logged
 * and answered without its details.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export interface ErrorBody {
  error: string;
  message: string;
  [extra: string]: unknown;
}

export function sendError(reply: FastifyReply, status: number, error: string, message: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error, message, ...extra } satisfies ErrorBody);
}

const BY_CODE: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is larger than the server accepts.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'The request body has a content type this route does not accept.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed_json', 'The request body is empty, but JSON was announced.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'The request body does not match its Content-Length.'],
};

export function errorHandler(error: FastifyError & { retryAfter?: string }, request: FastifyRequest, reply: FastifyReply) {
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

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, 'not_found', `Nothing at ${request.method} ${request.url.split('?')[0]}.`);
}
