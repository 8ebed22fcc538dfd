/**
 * The drive's routes, a plugin: filesList, sharedDrives, permissionsList (read, insert, delete),
 * about, connectTicket, authenticate (a connect ticket its only credential), connectComplete,
 * disconnect, and picker mode's picker and pickerChoice (pickerRoutes.ts). Each needs the owner (`config.access`) and counts against the write limit; each
 * query and body is checked by its schema (api/routeSchemas.ts), and JSON is the only body this
 * group parses. Drive answers keep the shapes of `src/api/schemas.ts`; failures are JSON
 * errors (`drive/driveService.ts` errorReply): 401 `not_connected` or `reconnect_required`, 503
 * with Retry-After when the drive is busy. Without a configured provider every route answers 501,
 * after the access check and before the schemas. The OAuth callback is a plugin of its own
 * (oauthCallback.ts).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '#client/api/routes';
import type { DriveConnection } from '../drive/driveConnection';
import { errorReply } from '../drive/driveService';
import bodies from '../http/bodies';
import { errorHandler, HttpError, sendError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import { connectedCookie, flowCookie } from '../oauth/callbackPage';
import { CONNECT_REFUSED } from '#client/contract/issues';
import { STATE_LIFETIME_MS } from '../oauth/state';
import { driveSchemas } from './routeSchemas';
import { refuseListingInPickerMode, registerPickerRoutes } from './pickerRoutes';
import type { ConnectTickets } from '../oauth/connectTicket';
import type { NativeContent } from '../native/nativeContent';

export interface DriveRoutesOptions {
  /** Null when no provider is configured (DRIVE_CLIENT_ID): every route answers 501. */
  connection: DriveConnection | null;
  /** Issues the connect tickets the authenticate route takes (oauth/connectTicket.ts). */
  tickets: ConnectTickets;
  /** Native content follows a file's sharing changed through these routes at once (native/nativeContent.ts); null without it. */
  sharing?: Pick<NativeContent, 'madePrivate' | 'madePublic'> | null;
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

export const driveRoutes: RoutesPlugin<DriveRoutesOptions> = async (app, { connection, tickets, sharing = null }) => {
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

  // The account, and how this server reaches the drive (the panel shows the folder browser or the Picker's button).
  app.get(ROUTES.about, { schema: driveSchemas.about, config: OWNER }, async (request) => ({
    ...(await drive().service.about(request.access.key)),
    access: drive().access,
  }));

  app.get(ROUTES.filesList, { schema: driveSchemas.filesList, config: OWNER }, (request) => {
    refuseListingInPickerMode(drive());
    return drive().service.filesList(request.access.key, request.query.folder, request.query.pageToken);
  });

  app.get(ROUTES.sharedDrives, { schema: driveSchemas.sharedDrives, config: OWNER }, (request) => {
    refuseListingInPickerMode(drive());
    return drive().service.sharedDrives(request.access.key, request.query.pageToken);
  });

  registerPickerRoutes(app, drive);

  app.get(ROUTES.permissionsList, { schema: driveSchemas.permissionsList, config: OWNER }, (request) =>
    drive().service.permissionsList(request.access.key, request.query.fileId, request.query.resourceKey ?? null),
  );

  app.post(ROUTES.permissionsList, { schema: driveSchemas.permissionInsert, config: OWNER }, async (request) => {
    const { key } = request.access;
    const { fileId, role, resourceKey } = request.body;
    const permission = await drive().service.permissionInsert(key, fileId, role, resourceKey ?? null);
    await sharing?.madePublic(key, fileId);
    return permission;
  });

  // Private at once: the site's widgets stop showing the file before the drive is asked, and again after it answered.
  app.delete(ROUTES.permissionsList, { schema: driveSchemas.permissionDelete, config: OWNER }, async (request, reply) => {
    const { key } = request.access;
    const { fileId, resourceKey } = request.query;
    await sharing?.madePrivate(key, fileId);
    await drive().service.permissionDelete(key, fileId, resourceKey ?? null);
    await sharing?.madePrivate(key, fileId);
    return reply.code(204).send();
  });

  // A ticket for the popup, which can carry neither the access token's header nor a reusable credential in its URL.
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

  // The panel that opened the popup binds the grant it was handed, with its own credential (src/contract/connectCompletion.ts).
  app.post(ROUTES.connectComplete, { schema: driveSchemas.connectComplete, config: OWNER }, async (request, reply) => {
    const { key } = request.access;
    if (!(await drive().flow.bind(request.body.completion, key))) {
      request.log.warn({ instanceId: key.instanceId, compId: key.compId }, "drive connection refused: the completion is not this widget's to bind");
      throw HttpError.of(400, CONNECT_REFUSED);
    }
    request.log.info({ instanceId: key.instanceId, compId: key.compId }, 'drive connected');
    return reply
      .code(204)
      .header('Set-Cookie', connectedCookie(request.protocol === 'https'))
      .send();
  });

  app.post(ROUTES.disconnect, { schema: driveSchemas.disconnect, config: OWNER }, async (request, reply) => {
    const { key } = request.access;
    const had = await drive().grants.disconnect(key);
    request.log.info({ instanceId: key.instanceId, compId: key.compId, had }, 'drive disconnected');
    return reply.code(204).send();
  });
};
