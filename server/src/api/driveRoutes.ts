/**
 * The drive's routes, a plugin: filesList, sharedDrives, permissionsList (read, insert, delete), about,
 * authenticate and disconnect. Each needs the owner (`config.access`) and counts against the write
 * limit; each query and body is checked by its schema (api/routeSchemas.ts), and JSON is the only
 * body this group parses. Drive answers keep the shapes of `src/api/schemas.ts`; failures are JSON
 * errors (`drive/driveService.ts` errorReply): 401 `not_connected` or `reconnect_required`, 503
 * with Retry-After when the drive is busy. Without a configured provider every route answers 501,
 * after the access check and before the schemas. The OAuth callback is a plugin of its own
 * (oauthCallback.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '../../../src/api/routes';
import type { DriveConnection } from '../drive/driveConnection';
import { errorReply } from '../drive/driveService';
import bodies from '../http/bodies';
import { errorHandler, HttpError, sendError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import { flowCookie } from '../oauth/callbackPage';
import { STATE_LIFETIME_MS } from '../oauth/state';
import { driveSchemas } from './routeSchemas';
import type { ConnectTickets } from '../oauth/connectTicket';

export interface DriveRoutesOptions {
  /** Null when no provider is configured (DRIVE_CLIENT_ID): every route answers 501. */
  connection: DriveConnection | null;
  /** Issues the connect tickets the authenticate route takes (oauth/connectTicket.ts). */
  tickets: ConnectTickets;
}

const OWNER = { access: 'owner', writeLimit: true } as const;

/** The drive's failures as JSON errors (errorReply); anything else to the errors plugin. */
export function driveErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorReply(error);
  if (!answer) return errorHandler(error, request, reply);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return sendError(reply, answer.status, answer.body.error, answer.body.message);
}

/** What a route that needs the drive answers on a server with no drive provider. */
export const driveNotConfigured = () => new HttpError(501, 'drive_not_configured', 'No drive provider is configured on this server (DRIVE_CLIENT_ID).');

export const driveRoutes: RoutesPlugin<DriveRoutesOptions> = async (app, { connection, tickets }) => {
  await app.register(bodies, { accept: ['json'] });
  const drive = (): DriveConnection => {
    if (connection) return connection;
    throw driveNotConfigured();
  };
  app.addHook('preValidation', async () => void drive());
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  app.setErrorHandler(driveErrorHandler);

  app.get(ROUTES.about, { schema: driveSchemas.about, config: OWNER }, (request) => drive().service.about(request.access.key));

  app.get(ROUTES.filesList, { schema: driveSchemas.filesList, config: OWNER }, (request) =>
    drive().service.filesList(request.access.key, request.query.folder, request.query.pageToken),
  );

  app.get(ROUTES.sharedDrives, { schema: driveSchemas.sharedDrives, config: OWNER }, (request) =>
    drive().service.sharedDrives(request.access.key, request.query.pageToken),
  );

  app.get(ROUTES.permissionsList, { schema: driveSchemas.permissionsList, config: OWNER }, (request) =>
    drive().service.permissionsList(request.access.key, request.query.fileId, request.query.resourceKey ?? null),
  );

  app.post(ROUTES.permissionsList, { schema: driveSchemas.permissionInsert, config: OWNER }, (request) =>
    drive().service.permissionInsert(request.access.key, request.body.fileId, request.body.role, request.body.resourceKey ?? null),
  );

  app.delete(ROUTES.permissionsList, { schema: driveSchemas.permissionDelete, config: OWNER }, async (request, reply) => {
    await drive().service.permissionDelete(request.access.key, request.query.fileId, request.query.resourceKey ?? null);
    return reply.code(204).send();
  });

  // The current editor's panel: a ticket for the popup, which cannot carry the access token's header.
  app.post(ROUTES.connectTicket, { schema: driveSchemas.connectTicket, config: OWNER }, async (request) => {
    drive();
    const { ticket } = await tickets.issue(request.access.key);
    return { ticket };
  });

  app.get(ROUTES.authenticate, { schema: driveSchemas.authenticate, config: { ...OWNER, connectTicket: true } }, async (request, reply) => {
    const { key } = request.access;
    const { url, nonce } = await drive().flow.begin(key);
    request.log.info({ instanceId: key.instanceId, compId: key.compId }, 'drive authorization started');
    return reply.header('Set-Cookie', flowCookie(nonce, request.protocol === 'https', Math.floor(STATE_LIFETIME_MS / 1000))).redirect(url, 302);
  });

  app.post(ROUTES.disconnect, { schema: driveSchemas.disconnect, config: OWNER }, async (request, reply) => {
    const { key } = request.access;
    const had = await drive().grants.disconnect(key);
    request.log.info({ instanceId: key.instanceId, compId: key.compId, had }, 'drive disconnected');
    return reply.code(204).send();
  });
};
