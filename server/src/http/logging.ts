/**
 * Request ids and log lines. A request keeps the id it came with (`x-request-id`, when sane) or
 * gets a new one, echoed in the answer. Logged URLs lose their query string's `instance` (a
 * credential; likewise the OAuth values, a connect ticket and an image's signature), and no header that can carry a secret is logged.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { CONNECT_TICKET_FIELD } from '#client/contract/connectTicket';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;
// `sig`: an image's signature for its owner's page (native/imageSignature.ts).
const SECRET_PARAMS = ['instance', 'code', 'state', 'token', 'access_token', 'refresh_token', 'sig', CONNECT_TICKET_FIELD];

export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** The URL with secret query values replaced, for log lines. */
export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** Echoes each request's id in its answer (a plugin). */
const requestIds: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
};

export const requestIdHeader = fp(requestIds, { name: 'request-id', fastify: '5.x' });
