/**
 * The drive's routes (filesList, permissionsList, about, authenticate, disconnect). They need the
 * owner's instance; until the drive connection exists they answer 501 with a JSON error.
 */
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../../../src/api/routes';
import { sendError } from '../http/errors';
import type { InstanceRules } from '../http/instance';
import type { RouteConfig } from './routeConfig';
import { requireAccess } from './widgetAccess';

const DRIVE_ROUTES: ReadonlyArray<{ method: 'GET' | 'POST' | 'DELETE'; url: string }> = [
  { method: 'GET', url: ROUTES.about },
  { method: 'GET', url: ROUTES.filesList },
  { method: 'GET', url: ROUTES.permissionsList },
  { method: 'POST', url: ROUTES.permissionsList },
  { method: 'DELETE', url: ROUTES.permissionsList },
  { method: 'GET', url: ROUTES.authenticate },
  { method: 'POST', url: ROUTES.disconnect },
];

export function registerDriveRoutes(app: FastifyInstance, rules: InstanceRules, writeRoute: RouteConfig): void {
  for (const { method, url } of DRIVE_ROUTES) {
    app.route({
      method,
      url,
      ...writeRoute,
      handler: async (request, reply) => {
        if (!requireAccess(request, reply, rules, 'write')) return reply;
        return sendError(reply, 501, 'drive_unavailable', 'Connecting a drive is not available on this server yet.');
      },
    });
  }
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
