/**
 * The write limit (a plugin): a route whose config says `writeLimit: true` allows `max` requests
 * per site (the verified instance's id) and route in each window, then answers 429 with
 * Retry-After. The counters live in the database (db/writeLimitStore.ts), so the limit holds
 * across every instance of the server, not per process. It runs right after the access check, so
 * only verified callers count, and a limited request's body is never read.
 */
import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { WriteLimitStore } from '../db/writeLimitStore';
import { HttpError } from './errors';
import { RouteRuleError } from './routeRules';

declare module 'fastify' {
  interface FastifyContextConfig {
    writeLimit?: boolean;
  }
}

export interface WriteLimitOptions {
  max: number;
  windowMs: number;
  store: WriteLimitStore;
  /** Told of each refusal (the metrics count them). */
  onRefused?: (route: string) => void;
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

const writeLimit: FastifyPluginAsync<WriteLimitOptions> = async (app, { max, windowMs, store, onRefused }) => {
  app.addHook('onRoute', (route) => {
    if (!route.config?.writeLimit) return;
    if (route.config.access !== 'owner' && route.config.access !== 'reader') {
      throw new RouteRuleError(String(route.method), route.url, 'a write-limited route counts per site, so it checks its caller (config.access).');
    }
    const routeKey = `${String(route.method)} ${route.url}`;
    const limit: onRequestHookHandler = async (request, reply) => {
      const { count, resetInMs } = await store.add(`${request.access.key.instanceId}\n${routeKey}`, windowMs);
      if (count <= max) return;
      onRefused?.(routeKey);
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      reply.header('Retry-After', String(seconds));
      throw new HttpError(429, 'rate_limited', `Too many changes; try again in ${seconds} s.`, { retryAfter: `${seconds} s` });
    };
    route.onRequest = [...asList(route.onRequest), limit];
  });
};

export default fp(writeLimit, { name: 'write-limit', fastify: '5.x', dependencies: ['access'] });
