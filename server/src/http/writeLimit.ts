/**
 * The write limit (a plugin, on @fastify/rate-limit): a route whose config says `writeLimit: true`
 * allows `max` requests per site (the verified instance's id) in each window, then answers 429
 * with Retry-After. Each route counts on its own. It runs right after the access check, so only
 * verified callers count, and a limited request's body is never read.
 */
import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { RouteRuleError } from './routeRules';

declare module 'fastify' {
  interface FastifyContextConfig {
    writeLimit?: boolean;
  }
}

export interface WriteLimitOptions {
  max: number;
  windowMs: number;
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

const writeLimit: FastifyPluginAsync<WriteLimitOptions> = async (app, { max, windowMs }) => {
  await app.register(rateLimit, { global: false });
  app.addHook('onRoute', (route) => {
    if (!route.config?.writeLimit) return;
    if (route.config.access !== 'owner' && route.config.access !== 'reader') {
      throw new RouteRuleError(String(route.method), route.url, 'a write-limited route counts per site, so it checks its caller (config.access).');
    }
    const limit = app.rateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `instance:${request.access.key.instanceId}`,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many changes; try again in ${context.after}.`), { statusCode: 429, retryAfter: context.after }),
    }) as unknown as onRequestHookHandler;
    route.onRequest = [...asList(route.onRequest), limit];
  });
};

export default fp(writeLimit, { name: 'write-limit', fastify: '5.x', dependencies: ['access'] });
