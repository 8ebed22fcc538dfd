/**
 * The pages: the widget page rendered with its settings, the settings panel page, their assets,
 * and (in development only) the local editor stage at '/'. HTML is revalidated on every load
 * (ETag); hashed assets are immutable for a year.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SettingsStore } from '../db/settingsStore';
import { modelFor, readStoredModel, widgetRenderModel } from '../api/widgetModel';
import { requireAccess } from '../api/widgetAccess';
import { sendError } from '../http/errors';
import type { InstanceRules } from '../http/instance';
import { pagePolicy, type PageKind } from '../http/security';
import type { BuiltPages } from './builtPages';
import { assertWidgetTemplate, renderWidgetPage, viewModeOf } from './widgetPage';

export interface PageRoutesOptions {
  pages: BuiltPages | null;
  store: SettingsStore;
  rules: InstanceRules;
  frameAncestors: readonly string[];
  development: boolean;
}

const HTML = 'text/html; charset=utf-8';

function matches(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((t) => t.trim() === etag);
}

export function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions): void {
  const { pages, store, rules, frameAncestors, development } = options;
  const notBuilt = (reply: FastifyReply) => sendError(reply, 503, 'pages_not_built', 'The pages are not built: run `npm run build` (or `npm run serve`).');
  const ancestors = development ? ["'self'", ...frameAncestors] : [...frameAncestors];
  const widgetTemplate = pages?.templates.get('widget.html');
  if (widgetTemplate) assertWidgetTemplate(widgetTemplate.html);

  function sendPage(request: FastifyRequest, reply: FastifyReply, name: string, kind: PageKind) {
    const template = pages?.templates.get(name);
    if (!template) return notBuilt(reply);
    reply.header('Content-Security-Policy', pagePolicy(kind, ancestors)).header('Cache-Control', 'no-cache').header('ETag', template.etag);
    if (matches(request, template.etag)) return reply.code(304).send();
    return reply.type(HTML).send(template.html);
  }

  app.get('/widget.html', async (request, reply) => {
    if (!widgetTemplate) return notBuilt(reply);
    const access = requireAccess(request, reply, rules, 'read');
    if (!access) return reply;
    const query = request.query as Record<string, string | undefined>;
    const viewMode = viewModeOf(query.viewMode);
    const stored = await store.read(access.key);
    const variant = [widgetTemplate.etag, access.key.instanceId, access.key.compId, access.isOwner, viewMode].join('\n');
    const etag = `W/"${stored.revision}-${createHash('sha256').update(variant).digest('base64url').slice(0, 16)}"`;
    reply
      .header('Content-Security-Policy', pagePolicy('widget', ancestors))
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag)
      .header('Vary', 'Accept-Encoding');
    if (matches(request, etag)) return reply.code(304).send();
    const view = modelFor(readStoredModel(stored.model), access.isOwner);
    const html = renderWidgetPage(widgetTemplate.html, { ...view, revision: stored.revision }, widgetRenderModel(view), viewMode);
    return reply.type(HTML).send(html);
  });

  app.get('/settings.html', (request, reply) => sendPage(request, reply, 'settings.html', 'settings'));
  if (development && pages?.templates.has('index.html')) {
    app.get('/', (request, reply) => sendPage(request, reply, 'index.html', 'stage'));
  }

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const asset = pages?.assets.get(urlPath);
    if (!asset) return sendError(reply, 404, 'not_found', `Nothing at ${urlPath}.`);
    reply
      .header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('ETag', asset.etag)
      .header('Vary', 'Accept-Encoding')
      .type(asset.contentType);
    if (matches(request, asset.etag)) return reply.code(304).send();
    const gzip = asset.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (gzip) reply.header('Content-Encoding', 'gzip');
    return reply.send(gzip ? asset.gzip : asset.body);
  });
}
