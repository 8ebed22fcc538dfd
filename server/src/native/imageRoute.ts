/**
 * The server's copies of rendered content's images (`/content/images/<sha-256>`), a plugin:
 * public (a visitor's browser fetches them from the page), named by their bytes' hash, and served
 * only while a widget shows their file publicly (contentStore.ts, `publicImageType`): an image of a
 * file made private or deleted on the drive is a 404 from the check that learnt it, to anyone, a
 * cache revalidating it included. So the caching is bounded: shared caches (a CDN) keep an image
 * IMAGE_SHARED_MAX_AGE_S seconds, a browser that has it IMAGE_MAX_AGE_S; the ETag (the hash)
 * makes each revalidation a 304 without the bytes. Served from PostgreSQL, so every instance can
 * answer; the type is the one the bytes' signature gave when the image was kept.
 */
import * as v from 'valibot';
import { noContent, noQuery } from '../api/routeSchemas';
import bodies from '../http/bodies';
import type { RoutesPlugin } from '../http/typeProvider';
import type { ContentStore } from './contentStore';

/** How long a browser that has an image may use it without asking (it has seen the bytes already). */
export const IMAGE_MAX_AGE_S = 300;
/** How long a shared cache may answer other visitors with it: the most an image outlives its file's sharing there. */
export const IMAGE_SHARED_MAX_AGE_S = 10;
export const IMAGE_CACHE = `public, max-age=${IMAGE_MAX_AGE_S}, s-maxage=${IMAGE_SHARED_MAX_AGE_S}`;

const schema = {
  querystring: noQuery,
  params: v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be an image id')) }),
  response: { 200: v.instance(Buffer), 304: noContent },
};

export const imageRoute: RoutesPlugin<{ store: ContentStore }> = async (app, { store }) => {
  await app.register(bodies, { accept: [] });
  app.get('/content/images/:id', { schema, config: { access: 'public' } }, async (request, reply) => {
    const { id } = request.params;
    // Whether anyone may see it, before the ETag is compared and before its bytes are read.
    const contentType = await store.publicImageType(id);
    if (contentType === null) return reply.callNotFound();
    const etag = `"${id}"`;
    reply.header('Cache-Control', IMAGE_CACHE).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await store.imageBytes(id);
    if (!bytes) return reply.callNotFound();
    return reply.type(contentType).send(bytes);
  });
};
