/**
 * The pages, a plugin: the widget page rendered with its settings (a reader's route: the instance
 * names the site and the visitor), the settings panel page, their assets, and (in development
 * only) the local editor stage at '/'. HTML is revalidated on every load (ETag); hashed assets are
 * immutable for a year.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readUserModel } from '../../../src/contract/userModel';
import { modelFor } from '../../../src/contract/visitorView';
import { apiQuery, htmlPage, noContent, noQuery } from '../api/routeSchemas';
import type { SettingsStore } from '../db/settingsStore';
import bodies from '../http/bodies';
import { HttpError } from '../http/errors';
import { pagePolicy, type PageKind } from '../http/security';
import type { RoutesPlugin } from '../http/typeProvider';
import type { NativeContent } from '../native/nativeContent';
import type { BuiltPages } from './builtPages';
import { assertWidgetTemplate, renderWidgetPage, viewModeOf } from './widgetPage';

export interface PageRoutesOptions {
  pages: BuiltPages | null;
  store: SettingsStore;
  /** Native content (issue 20); null without a drive provider. */
  native?: NativeContent | null;
  frameAncestors: readonly string[];
  development: boolean;
}

const HTML = 'text/html; charset=utf-8';
const PUBLIC = { access: 'public' } as const;

const schemas = {
  widget: {
    querystring: apiQuery({
      viewMode: v.optional(
        v.pipe(
          v.string(),
          v.transform((mode: string) => viewModeOf(mode)),
        ),
        '',
      ),
    }),
    response: { 200: htmlPage, 304: noContent },
  },
  /** The panel page and the stage read no query (their scripts do). */
  page: { querystring: noQuery, response: { 200: htmlPage, 304: noContent } },
  asset: { querystring: noQuery, params: v.object({ '*': v.string() }), response: { 200: v.instance(Buffer), 304: noContent } },
};

function matches(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((t) => t.trim() === etag);
}

const notBuilt = () => new HttpError(503, 'pages_not_built', 'The pages are not built: run `npm run build` (or `npm run serve`).');

export const pageRoutes: RoutesPlugin<PageRoutesOptions> = async (app, options) => {
  const { pages, store, native, frameAncestors, development } = options;
  await app.register(bodies, { accept: [] });
  const ancestors = development ? ["'self'", ...frameAncestors] : [...frameAncestors];
  const widgetTemplate = pages?.templates.get('widget.html');
  if (widgetTemplate) assertWidgetTemplate(widgetTemplate.html);

  function sendPage(request: FastifyRequest, reply: FastifyReply, name: string, kind: PageKind) {
    const template = pages?.templates.get(name);
    if (!template) throw notBuilt();
    reply.header('Content-Security-Policy', pagePolicy(kind, ancestors)).header('Cache-Control', 'no-cache').header('ETag', template.etag);
    if (matches(request, template.etag)) return reply.code(304).send();
    return reply.type(HTML).send(template.html);
  }

  app.get('/widget.html', { schema: schemas.widget, config: { access: 'reader' } }, async (request, reply) => {
    if (!widgetTemplate) throw notBuilt();
    const { key, isOwner } = request.access;
    const { viewMode } = request.query;
    const stored = await store.read(key);
    const model = readUserModel(stored.model).model;
    const content = native ? await native.forPage(key, model, isOwner) : null;
    const variant = [widgetTemplate.etag, key.instanceId, key.compId, isOwner, viewMode, content?.version ?? ''].join('\n');
    const etag = `W/"${stored.revision}-${createHash('sha256').update(variant).digest('base64url').slice(0, 16)}"`;
    reply
      .header('Content-Security-Policy', pagePolicy('widget', ancestors))
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag)
      .header('Vary', 'Accept-Encoding');
    if (matches(request, etag)) return reply.code(304).send();
    const view = modelFor(model, isOwner);
    const html = renderWidgetPage(
      widgetTemplate.html,
      { ...view, revision: stored.revision },
      readUserModel(view).model,
      viewMode,
      content && model.activeFileId ? { fileId: model.activeFileId, html: content.html } : null,
    );
    return reply.type(HTML).send(html);
  });

  app.get('/settings.html', { schema: schemas.page, config: PUBLIC }, async (request, reply) => {
    sendPage(request, reply, 'settings.html', 'settings');
    return reply;
  });
  if (development && pages?.templates.has('index.html')) {
    app.get('/', { schema: schemas.page, config: PUBLIC }, async (request, reply) => {
      sendPage(request, reply, 'index.html', 'stage');
      return reply;
    });
  }

  app.get('/*', { schema: schemas.asset, config: PUBLIC }, async (request, reply) => {
    const urlPath = `/${request.params['*']}`;
    const asset = pages?.assets.get(urlPath);
    // 404, or 405 for an api path asked with another method (the errors plugin's not-found handler).
    if (!asset) return reply.callNotFound();
    reply
      .header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('ETag', asset.etag)
      .header('Vary', 'Accept-Encoding')
      .type(asset.contentType);
    if (matches(request, asset.etag)) return reply.code(304).send();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? asset.gzip : null;
    if (gzip) reply.header('Content-Encoding', 'gzip');
    return reply.send(gzip ?? asset.body);
  });
};
