/**
 * Which request bodies a group of routes parses (a plugin, registered in each route group's own
 * context: the settings routes take forms, the drive routes JSON, every other route none). A body
 * of any other type is refused by Fastify itself with 415, which the errors plugin answers as JSON.
 * A form field given twice arrives as a list, as a repeated query parameter does, so the route's
 * schema refuses it rather than one of the two values being picked silently.
 *
 * Each type has its size limit, so a route takes no more than it needs: a form (the save, the
 * largest body) up to the server's BODY_LIMIT_BYTES, JSON (the drive's small requests: a file id
 * and a role) up to JSON_BODY_LIMIT_BYTES. A larger body is 413 before it is read.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export type BodyType = 'form' | 'json';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
/** The largest JSON body: the drive routes' bodies are a few hundred bytes at most. */
export const JSON_BODY_LIMIT_BYTES = 4 * 1024;

export function parseForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = Object.hasOwn(fields, name) ? fields[name] : undefined;
    Object.defineProperty(fields, name, {
      value: seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}

const bodies: FastifyPluginAsync<{ accept: readonly BodyType[] }> = async (app, { accept }) => {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  if (accept.includes('json')) app.addContentTypeParser(JSON_TYPE, { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT_BYTES }, jsonParser);
  if (accept.includes('form')) {
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => done(null, parseForm(body as string)));
  }
};

export default fp(bodies, { name: 'bodies', fastify: '5.x' });
