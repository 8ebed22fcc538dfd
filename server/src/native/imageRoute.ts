/**
 * The server's copies of rendered content's images (`/content/images/<sha-256>`), a plugin:
 * public (a visitor's browser fetches them from the page), named by their bytes' hash, and served
 * only while a widget shows their file publicly (contentStore.ts, `publicImageType`): an image of a
 * file made private or deleted on the drive is a 404 from the check that learnt it, to anyone, a
 * cache revalidating it included. So the caching is bounded: shared caches (a CDN) keep an image
 * IMAGE_SHARED_MAX_AGE_S seconds, a browser that has it IMAGE_MAX_AGE_S; the ETag (the hash)
 * makes each revalidation a 304 without the bytes. Served from PostgreSQL, so every instance can
 * answer; the type is the one the bytes' signature gave when the image was kept.
 *
 * The owner's own view of a file visitors may not see names its images with a signed query
 * (imageSignature.ts): such a request is served only when the signature is valid for that image
 * and unexpired, whether or not the image is public, and never kept by a shared cache
 * (SIGNED_IMAGE_CACHE); any other signed request is a 404, as an image no one may see.
 */
import * as v from 'valibot';
import { SIGNED_IMAGE_QUERY } from '#client/contract/nativeContentRules';
import { noContent } from '../api/routeSchemas';
import bodies from '../http/bodies';
import type { RoutesPlugin } from '../http/typeProvider';
import type { ContentStore } from './contentStore';
import type { ImageSignatures } from './imageSignature';

/** How long a browser that has an image may use it without asking (it has seen the bytes already). */
export const IMAGE_MAX_AGE_S = 300;
/** How long a shared cache may answer other visitors with it: the most an image outlives its file's sharing there. */
export const IMAGE_SHARED_MAX_AGE_S = 10;
export const IMAGE_CACHE = `public, max-age=${IMAGE_MAX_AGE_S}, s-maxage=${IMAGE_SHARED_MAX_AGE_S}`;
/** An image served by its owner's signature: for that browser's request alone. */
export const SIGNED_IMAGE_CACHE = 'private, no-store';

const schema = {
  querystring: v.object({
    exp: v.optional(v.pipe(v.string(), v.regex(SIGNED_IMAGE_QUERY.exp, 'must be an expiry'))),
    sig: v.optional(v.pipe(v.string(), v.regex(SIGNED_IMAGE_QUERY.sig, 'must be a signature'))),
  }),
  params: v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be an image id')) }),
  response: { 200: v.instance(Buffer), 304: noContent },
};

async function signedImage(store: ContentStore, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [contentType, bytes] = await Promise.all([store.imageType(id), store.imageBytes(id)]);
  return contentType !== null && bytes ? { contentType, bytes } : null;
}

export const imageRoute: RoutesPlugin<{ store: ContentStore; signatures: ImageSignatures }> = async (app, { store, signatures }) => {
  await app.register(bodies, { accept: [] });
  app.get('/content/images/:id', { schema, config: { access: 'public' } }, async (request, reply) => {
    const { id } = request.params;
    const { exp, sig } = request.query;
    if (exp !== undefined || sig !== undefined) {
      // The owner's signed path: that image, unexpired, or nothing (the public path is not tried).
      const signed = exp !== undefined && sig !== undefined && signatures.allows(id, exp, sig) ? await signedImage(store, id) : null;
      if (!signed) return reply.callNotFound();
      return reply.header('Cache-Control', SIGNED_IMAGE_CACHE).type(signed.contentType).send(signed.bytes);
    }
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
