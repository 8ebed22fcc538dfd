/**
 * The pages, a plugin: the widget page rendered with its settings (a reader's route: the instance
 * names the site and the visitor; in the site view, in the visitor's template, whose script has no React), the settings panel page, their assets, and (in development
 * only) the local editor stage at '/' and its current editor at '/current.html'. HTML is
 * revalidated on every load (ETag); hashed assets are immutable for a year.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readUserModel } from '#client/contract/userModel';
import { modelFor } from '#client/contract/visitorView';
import { apiQuery, htmlPage, noContent, noQuery } from '../api/routeSchemas';
import { coalescedReads } from '../db/coalescedReads';
import type { SettingsStore } from '../db/settingsStore';
import bodies from '../http/bodies';
import { HttpError } from '../http/errors';
import { pagePolicy, type PageKind } from '../http/security';
import type { RoutesPlugin } from '../http/typeProvider';
import type { ImageSignatures } from '../native/imageSignature';
import type { NativeContent } from '../native/nativeContent';
import type { BuiltPages } from './builtPages';
import { WidgetPages, type WidgetPagesBudget } from './renderCache';
import { elementScriptRoute } from './elementScript';
import { assertWidgetTemplate, renderWidgetPage, viewModeOf, VISITOR_TEMPLATE } from './widgetPage';

export interface PageRoutesOptions {
  pages: BuiltPages | null;
  store: SettingsStore;
  /** Native content (issue 20); null without a drive provider. */
  native?: NativeContent | null;
  /** Signs the images of a file visitors may not see, in its owner's page. */
  signatures: ImageSignatures;
  frameAncestors: readonly string[];
  development: boolean;
  /** The memory the kept widget pages and models may hold (default WIDGET_PAGES_BUDGET). */
  cacheBytes?: WidgetPagesBudget;
}

const HTML = 'text/html; charset=utf-8';
/**
 * A visitor's page may be kept by a CDN, briefly: its URL names the site, the widget and the
 * visitor's instance (so no other widget's page can answer it), and a change of the settings,
 * a file made private included, reaches visitors within s-maxage + stale-while-revalidate
 * seconds (the drive's own viewer refuses a private file to visitors meanwhile). The owner's page
 * (editor, preview) is never shared.
 */
export const VISITOR_PAGE_CACHE = 'public, max-age=0, s-maxage=5, stale-while-revalidate=10';
export const OWNER_PAGE_CACHE = 'private, no-cache';
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
  await app.register(elementScriptRoute, { pages });
  const ancestors = development ? ["'self'", ...frameAncestors] : [...frameAncestors];
  const widgetTemplate = pages?.templates.get('widget.html');
  // A visitor's page (the site view) loads a script without React, where the build has it.
  const visitorTemplate = pages?.templates.get(VISITOR_TEMPLATE) ?? widgetTemplate;
  for (const template of [widgetTemplate, visitorTemplate]) if (template) assertWidgetTemplate(template.html);

  function sendPage(request: FastifyRequest, reply: FastifyReply, name: string, kind: PageKind) {
    const template = pages?.templates.get(name);
    if (!template) throw notBuilt();
    reply.header('Content-Security-Policy', pagePolicy(kind, ancestors)).header('Cache-Control', 'no-cache').header('ETag', template.etag);
    if (matches(request, template.etag)) return reply.code(304).send();
    return reply.type(HTML).send(template.html);
  }

  const pagesKept = new WidgetPages(options.cacheBytes);
  // Visitors of one widget share the rounds of reads (never one sent before they came in).
  const readSettings = coalescedReads((key) => store.read(key));
  const widgetPolicy = pagePolicy('widget', ancestors);
  app.get('/widget.html', { schema: schemas.widget, config: { access: 'reader' } }, async (request, reply) => {
    const { key, isOwner } = request.access;
    const { viewMode } = request.query;
    const template = viewMode === 'site' ? visitorTemplate : widgetTemplate;
    if (!template) throw notBuilt();
    const stored = await readSettings(key);
    const read = pagesKept.modelOf(stored);
    const { model } = read;
    const content = native ? await native.forPage(key, model, isOwner) : null;
    // The owner's view of a file visitors may not see: its images signed, the same throughout a window (imageSignature.ts).
    const signedUntil = isOwner && content && !content.public ? options.signatures.expiry() : null;
    const view = `${key.instanceId}\u0000${key.compId}\u0000${isOwner}\u0000${viewMode}`;
    const etagOf = () => {
      const variant = [template.etag, key.instanceId, key.compId, isOwner, viewMode, read.json, content?.version ?? '', signedUntil ?? ''].join('\n');
      return `W/"${stored.revision}-${createHash('sha256').update(variant).digest('base64url').slice(0, 22)}"`;
    };
    const page = pagesKept.page(view, stored.revision, read, content?.version ?? null, etagOf, signedUntil);
    reply
      .header('Content-Security-Policy', widgetPolicy)
      .header('Cache-Control', isOwner ? OWNER_PAGE_CACHE : VISITOR_PAGE_CACHE)
      .header('ETag', page.etag)
      .header('Vary', 'Accept-Encoding, Authorization');
    // Compared before the rendering is read: a revalidated page reads no content from the database.
    if (matches(request, page.etag)) return reply.code(304).send();
    if (page.html !== undefined) return reply.type(HTML).send(page.html);
    const rendering = content ? await content.html() : null;
    const html = rendering !== null && signedUntil !== null ? options.signatures.signImages(rendering, signedUntil) : rendering;
    const shown = modelFor(model, isOwner);
    const embedded = html !== null && model.activeFileId ? { fileId: model.activeFileId, html } : null;
    const rendered = renderWidgetPage(template.html, { ...shown, revision: stored.revision }, readUserModel(shown).model, viewMode, embedded);
    // A rendering gone since its version was read (the widget moved on meanwhile): this page is not kept under that version.
    if (!content || html !== null) pagesKept.keepHtml(view, page, rendered);
    return reply.type(HTML).send(rendered);
  });

  app.get('/settings.html', { schema: schemas.page, config: PUBLIC }, async (request, reply) => {
    sendPage(request, reply, 'settings.html', 'settings');
    return reply;
  });
  // The local editor stage, both its editors: the legacy one at '/', the current one at '/current.html'.
  for (const [url, name] of [
    ['/', 'index.html'],
    ['/current.html', 'current.html'],
  ] as const) {
    if (!development || !pages?.templates.has(name)) continue;
    app.get(url, { schema: schemas.page, config: PUBLIC }, async (request, reply) => {
      sendPage(request, reply, name, 'stage');
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
      // The custom element's script and chunks load as modules into the site's pages (another origin).
      .header('Access-Control-Allow-Origin', '*')
      .header('ETag', asset.etag)
      .header('Vary', 'Accept-Encoding')
      .type(asset.contentType);
    if (matches(request, asset.etag)) return reply.code(304).send();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? asset.gzip : null;
    if (gzip) reply.header('Content-Encoding', 'gzip');
    return reply.send(gzip ?? asset.body);
  });
};
