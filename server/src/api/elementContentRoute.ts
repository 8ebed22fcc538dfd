/**
 * A visitor's custom element checks the rendering it drew from its `content` attribute (issue 20,
 * point 5; src/contract/elementCheck.ts): public, keyed by the widget key the element carries, the
 * file id and the version it shows. Answered from the stored rendering as the widget page is
 * (`NativeContent.forVisitor`): never waiting for the drive, the drive asked in the background at
 * most once a minute per widget's file, and only what any visitor may see. A short answer when the
 * version is the same. Shared caches may keep an answer briefly (its URL names everything it
 * depends on); the element's page is the site's, another origin, so any origin may read it.
 */
import { ROUTES } from '../../../src/api/routes';
import { parseContentVersion, type ElementCheckAnswer } from '../../../src/contract/elementCheck';
import { readUserModel } from '../../../src/contract/userModel';
import type { SettingsStore } from '../db/settingsStore';
import bodies from '../http/bodies';
import { HttpError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import type { NativeContent } from '../native/nativeContent';
import { VISITOR_PAGE_CACHE } from '../pages/pageRoutes';
import { driveNotConfigured } from './driveRoutes';
import { elementCheckSchemas } from './routeSchemas';

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

  app.get(ROUTES.elementContent, { schema: elementCheckSchemas.read, config: { access: 'public' } }, async (request, reply) => {
    if (!native) throw driveNotConfigured();
    const { widgetKey, fileId, version } = request.query;
    const widgets = await store.withCompId(widgetKey);
    // A key copied into a second site names no single widget: neither is answered (no widget's data reaches another's page).
    const widget = widgets.length === 1 ? widgets[0]! : null;
    if (!widget) throw new HttpError(404, 'unknown_widget', 'No single widget has this widgetKey.');
    const key = { instanceId: widget.instanceId, compId: widgetKey };
    const content = await native.forVisitor(key, readUserModel(widget.model).model, fileId);
    reply.header('Cache-Control', VISITOR_PAGE_CACHE).header('Vary', 'Accept-Encoding');
    const shown = version === null ? null : parseContentVersion(version);
    const answer: ElementCheckAnswer = !content
      ? { state: 'none' }
      : content.version === shown
        ? { state: 'same' }
        : { state: 'changed', content: { fileId, version: content.version, html: content.html } };
    return answer;
  });
};
