/**
 * The drive's routes: filesList, permissionsList (read, insert, delete), about, authenticate,
 * disconnect, and the OAuth callback. They need the owner's instance (the callback carries its
 * widget in the signed state instead). Drive answers keep the shapes of `src/api/schemas.ts`;
 * failures are JSON errors (`drive/driveService.ts` errorReply): 401 `not_connected` or
 * `reconnect_required`, 503 with Retry-After when the drive is busy. Without a configured
 * provider every drive route answers 501.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '../../../src/api/routes';
import { OAUTH_CALLBACK_PATH } from '../drive/driveConfig';
import { errorReply } from '../drive/driveService';
import type { DriveConnection } from '../drive/driveConnection';
import { sendError } from '../http/errors';
import type { InstanceRules } from '../http/instance';
import { ConsentDeniedError } from '../oauth/connectFlow';
import { GrantRevokedError, ProviderError } from '../oauth/provider';
import { OAuthStateError, STATE_LIFETIME_MS } from '../oauth/state';
import { UpstreamUnavailableError } from '../drive/resilientFetch';
import {
  CALLBACK_PAGE_POLICY,
  callbackPage,
  clearFlowCookie,
  connectedCookie,
  FLOW_COOKIE,
  flowCookie,
  OUTCOMES,
  readCookie,
  type CallbackOutcome,
} from '../oauth/callbackPage';
import type { RouteConfig } from './routeConfig';
import { requireAccess, type WidgetAccess } from './widgetAccess';

type Method = 'GET' | 'POST' | 'DELETE';
type Query = Record<string, string | string[] | undefined>;

function text(query: unknown, name: string): string {
  const value = (query as Query | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

type DriveHandler = (connection: DriveConnection, access: WidgetAccess, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const HANDLERS: ReadonlyArray<{ method: Method; url: string; handle: DriveHandler }> = [
  { method: 'GET', url: ROUTES.about, handle: (c, a) => c.service.about(a.key) },
  { method: 'GET', url: ROUTES.filesList, handle: (c, a, r) => c.service.filesList(a.key, text(r.query, 'q'), text(r.query, 'pageToken') || null) },
  { method: 'GET', url: ROUTES.permissionsList, handle: (c, a, r) => c.service.permissionsList(a.key, text(r.query, 'fileId')) },
  {
    method: 'POST',
    url: ROUTES.permissionsList,
    handle: (c, a, r) => {
      const body = (typeof r.body === 'object' && r.body !== null ? r.body : {}) as Record<string, unknown>;
      const fileId = typeof body.fileId === 'string' && body.fileId ? body.fileId : text(r.query, 'fileId');
      return c.service.permissionInsert(a.key, fileId, body.role, body.type);
    },
  },
  {
    method: 'DELETE',
    url: ROUTES.permissionsList,
    handle: async (c, a, r, reply) => {
      await c.service.permissionDelete(a.key, text(r.query, 'fileId'), text(r.query, 'permissionId'));
      return reply.code(204).send();
    },
  },
  {
    method: 'GET',
    url: ROUTES.authenticate,
    handle: async (c, a, r, reply) => {
      const { url, nonce } = await c.flow.begin(a.key);
      r.log.info({ instanceId: a.key.instanceId, compId: a.key.compId }, 'drive authorization started');
      return reply
        .header('Cache-Control', 'no-store')
        .header('Set-Cookie', flowCookie(nonce, r.protocol === 'https', Math.floor(STATE_LIFETIME_MS / 1000)))
        .redirect(url, 302);
    },
  },
  {
    method: 'POST',
    url: ROUTES.disconnect,
    handle: async (c, a, r, reply) => {
      const had = await c.grants.disconnect(a.key);
      r.log.info({ instanceId: a.key.instanceId, compId: a.key.compId, had }, 'drive disconnected');
      return reply.code(204).send();
    },
  },
];

export const DRIVE_ROUTES: ReadonlyArray<{ method: Method; url: string }> = HANDLERS.map(({ method, url }) => ({ method, url }));

function sendDriveError(reply: FastifyReply, error: unknown) {
  const answer = errorReply(error);
  if (!answer) throw error;
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return sendError(reply, answer.status, answer.body.error, answer.body.message);
}

export function registerDriveRoutes(app: FastifyInstance, rules: InstanceRules, writeRoute: RouteConfig, connection: DriveConnection | null): void {
  for (const { method, url, handle } of HANDLERS) {
    app.route({
      method,
      url,
      ...writeRoute,
      handler: async (request, reply) => {
        const access = requireAccess(request, reply, rules, 'write');
        if (!access) return reply;
        if (!connection) return sendError(reply, 501, 'drive_not_configured', 'No drive provider is configured on this server (DRIVE_CLIENT_ID).');
        reply.header('Cache-Control', 'no-store');
        try {
          const result = await handle(connection, access, request, reply);
          return reply.sent ? reply : result;
        } catch (error) {
          return sendDriveError(reply, error);
        }
      },
    });
  }
  app.get(OAUTH_CALLBACK_PATH, async (request, reply) => {
    const secure = request.protocol === 'https';
    const page = (status: number, outcome: CallbackOutcome, cookies: string[] = []) =>
      reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', CALLBACK_PAGE_POLICY)
        .header('Set-Cookie', [clearFlowCookie(secure), ...cookies])
        .type('text/html; charset=utf-8')
        .send(callbackPage(outcome));
    if (!connection) return page(501, OUTCOMES.failed);
    try {
      const widget = await connection.flow.complete(
        { code: text(request.query, 'code') || null, state: text(request.query, 'state') || null, error: text(request.query, 'error') || null },
        readCookie(request.headers.cookie, FLOW_COOKIE),
      );
      request.log.info({ instanceId: widget.instanceId, compId: widget.compId }, 'drive connected');
      return page(200, OUTCOMES.connected, [connectedCookie(secure)]);
    } catch (error) {
      if (error instanceof ConsentDeniedError) return page(200, OUTCOMES.denied);
      request.log.warn(
        { problem: error instanceof OAuthStateError ? error.problem : error instanceof Error ? error.name : 'unknown' },
        'drive authorization refused',
      );
      if (error instanceof OAuthStateError) return page(400, error.problem === 'expired' ? OUTCOMES.expired : OUTCOMES.refused);
      if (error instanceof GrantRevokedError) return page(400, OUTCOMES.refused);
      if (error instanceof ProviderError || error instanceof UpstreamUnavailableError) return page(502, OUTCOMES.failed);
      throw error;
    }
  });
}

/** The methods each api path answers, for a 405 on the others. */
export function apiMethods(): Map<string, Set<string>> {
  const methods = new Map<string, Set<string>>();
  const add = (url: string, method: string) => methods.set(url, (methods.get(url) ?? new Set()).add(method));
  for (const { method, url } of DRIVE_ROUTES) add(url, method);
  add(ROUTES.userModel, 'GET');
  add(ROUTES.save, 'POST');
  add(ROUTES.delete, 'DELETE');
  return methods;
}
