/**
 * The custom element fetches the rendering its `content` attribute names (issue 20;
 * src/contract/elementContent.ts): public, keyed by the widget key the element carries, the file
 * id and the version the attribute names. Answered from the stored rendering as the widget page is
 * (`NativeContent.forVisitor`): never waiting for the drive, the drive asked in the background at
 * most once a minute per widget's file, and only what any visitor may see. Shared caches may keep
 * an answer briefly (its URL names everything it depends on); the element's page is the site's,
 * another origin, so any origin may read it.
 */
import { ROUTES } from '#client/api/routes';
import type { ElementContentAnswer } from '#client/contract/elementContentAnswer';
import { readUserModel } from '#client/contract/userModel';
import type { SettingsStore } from '../db/settingsStore';
import bodies from '../http/bodies';
import { HttpError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import type { NativeContent } from '../native/nativeContent';
import { VISITOR_PAGE_CACHE } from '../pages/pageRoutes';
import { driveNotConfigured } from './driveRoutes';
import { elementContentSchemas } from './routeSchemas';

export interface ElementContentRouteOptions {
  store: SettingsStore;
  /** Null when no drive provider is configured. */
  native: NativeContent | null;
}

export const elementContentRoute: RoutesPlugin<ElementContentRouteOptions> = async (app, { store, native }) => {
  await app.register(bodies, { accept: [] });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
  });

  app.get(ROUTES.elementContent, { schema: elementContentSchemas.read, config: { access: 'public' } }, async (request, reply) => {
    if (!native) throw driveNotConfigured();
    // The version is the URL's (a cache key): the answer is the stored rendering, whichever version it is.
    const { widgetKey, fileId } = request.query;
    // Only the site holding the key answers (a key belongs to the site that first saved it: contract/widgetKey.ts).
    const widget = await store.withWidgetKey(widgetKey);
    if (!widget) throw new HttpError(404, 'unknown_widget', 'No widget has this widgetKey.');
    const key = { instanceId: widget.instanceId, compId: widgetKey };
    const content = await native.forVisitor(key, readUserModel(widget.model).model, fileId);
    reply.header('Cache-Control', VISITOR_PAGE_CACHE).header('Vary', 'Accept-Encoding');
    const answer: ElementContentAnswer = content ? { state: 'content', content: { fileId, version: content.version, html: content.html } } : { state: 'none' };
    return answer;
  });
};
