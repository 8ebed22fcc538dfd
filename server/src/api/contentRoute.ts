/**
 * The owner's panel asks for the rendering of the widget's active file, as visitors are to see it
 * (issue 20): in the platform's current model the panel writes it into the custom element's
 * `content` attribute, which the site's page carries. The model is the stored one (the panel asks
 * after its change was saved); the drive is asked now (nativeContent.ts, `forElement`). Owner only,
 * counted against the write limit as the drive's routes are; never cached. Without a configured
 * drive the route answers 501; a drive refusal answers as the drive's routes do; no rendering in
 * time and none stored is 503 `content_not_ready` with Retry-After (the render goes on, the next
 * ask finds it; a version whose render failed, when its backoff ends); a full renderer is 503
 * `unavailable` with Retry-After; a file that can never be shown as part of the page until it
 * changes (too large, nested too deep) and none stored is 422 `content_unrenderable`, which says
 * why and what to do.
 */
import type { FastifyError } from 'fastify';
import { ROUTES } from '#client/api/routes';
import { unrenderableBody } from '#client/contract/issues';
import { retryAfterValue } from '#client/contract/retryAfter';
import { readUserModel } from '#client/contract/userModel';
import type { SettingsStore } from '../db/settingsStore';
import bodies from '../http/bodies';
import { sendError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import { ContentNotReadyError, type NativeContent } from '../native/nativeContent';
import { RenderBusyError } from '../render/renderPool';
import { UnrenderableError } from '../render/unrenderable';
import { driveErrorHandler, driveNotConfigured } from './driveRoutes';
import { contentSchemas } from './routeSchemas';

export interface ContentRouteOptions {
  store: SettingsStore;
  /** Null when no drive provider is configured. */
  native: NativeContent | null;
}

/** Seconds the panel waits before asking again for a rendering still under way. */
export const NOT_READY_RETRY_AFTER_S = 5;

export const contentRoute: RoutesPlugin<ContentRouteOptions> = async (app, { store, native }) => {
  await app.register(bodies, { accept: [] });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ContentNotReadyError) {
      reply.header('Retry-After', retryAfterValue(error.retryAfterSeconds ?? NOT_READY_RETRY_AFTER_S));
      return sendError(reply, 503, 'content_not_ready', 'The file is still being rendered; ask again shortly.');
    }
    if (error instanceof RenderBusyError) {
      reply.header('Retry-After', retryAfterValue(error.retryAfterSeconds));
      return sendError(reply, 503, 'unavailable', `The server is busy rendering other files; try again in ${error.retryAfterSeconds} s.`);
    }
    if (error instanceof UnrenderableError) {
      const body = unrenderableBody(error.message);
      return sendError(reply, 422, body.error, body.message);
    }
    return driveErrorHandler(error as FastifyError, request, reply);
  });

  app.get(ROUTES.nativeContent, { schema: contentSchemas.read, config: { access: 'owner', writeLimit: true } }, async (request, reply) => {
    if (!native) throw driveNotConfigured();
    const { key } = request.access;
    const stored = await store.read(key);
    const content = await native.forElement(key, readUserModel(stored.model).model);
    reply.header('Cache-Control', 'no-store');
    return { content };
  });
};
