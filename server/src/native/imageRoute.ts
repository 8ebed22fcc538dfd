/**
 * The server's copies of rendered content's images (`/content/images/<sha-256>`), a plugin:
 * public (a visitor's browser fetches them from the page), named by their bytes' hash, so each is
 * immutable and cached for a year. Served from PostgreSQL, so every instance can answer; the type
 * is the one the bytes' signature gave when the image was kept.
 */
import * as v from 'valibot';
import { noContent, noQuery } from '../api/routeSchemas';
import bodies from '../http/bodies';
import type { RoutesPlugin } from '../http/typeProvider';
import type { ContentStore } from './contentStore';

const schema = {
  querystring: noQuery,
  params: v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be an image id')) }),
  response: { 200: v.instance(Buffer), 304: noContent },
};

export const imageRoute: RoutesPlugin<{ store: ContentStore }> = async (app, { store }) => {
  await app.register(bodies, { accept: [] });
  app.get('/content/images/:id', { schema, config: { access: 'public' } }, async (request, reply) => {
    const etag = `"${request.params.id}"`;
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const image = await store.image(request.params.id);
    if (!image) return reply.callNotFound();
    return reply.type(image.contentType).send(image.bytes);
  });
};
