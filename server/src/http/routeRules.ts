/**
 * What every route declares, checked as it is registered (a route that breaks a rule stops the
 * server's start):
 * - a valibot `schema` with its `querystring` (every query is hostile until checked) and its
 *   `response`, and its `body` when its method carries one (POST, PUT, PATCH);
 * - the error answer `{error, message}` is added to each route's answers for 4xx and 5xx.
 * The methods each path answers are kept as the routes register, so a path asked with another
 * method gets 405 with the right `Allow` (the errors plugin's not-found handler asks `allowedMethods`).
 */
import type { FastifyPluginAsync, FastifySchema, HTTPMethods, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errorBodySchema } from './errors';

export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema;
  config: RouteOptions['config'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, with its schema and config. */
    routeTable(): readonly RouteEntry[];
    /** The methods a path answers (a path of a route without parameters), or null when none. */
    allowedMethods(path: string): readonly string[] | null;
  }
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

export class RouteRuleError extends Error {
  constructor(method: string, url: string, problem: string) {
    super(`${method} ${url}: ${problem}`);
    this.name = 'RouteRuleError';
  }
}

function methodsOf(route: RouteOptions): string[] {
  const method: HTTPMethods | HTTPMethods[] = route.method;
  return Array.isArray(method) ? method.map(String) : [String(method)];
}

/** Throws when the route's schema is missing a part it must declare. */
export function checkSchema(method: string, url: string, schema: FastifySchema | undefined): void {
  if (!schema) throw new RouteRuleError(method, url, 'a route declares its schema (querystring, response, and body when it has one).');
  if (schema.querystring === undefined) throw new RouteRuleError(method, url, 'the schema declares no querystring.');
  if (schema.response === undefined) throw new RouteRuleError(method, url, 'the schema declares no response.');
  if (WITH_BODY.has(method) && schema.body === undefined) throw new RouteRuleError(method, url, `a ${method} route's schema declares its body.`);
}

const routeRules: FastifyPluginAsync = async (app) => {
  const routes: RouteEntry[] = [];
  const methodsByPath = new Map<string, Set<string>>();

  app.addHook('onRoute', (route) => {
    const methods = methodsOf(route);
    for (const method of methods) checkSchema(method, route.url, route.schema);
    const response = route.schema!.response as Record<string, unknown>;
    route.schema = { ...route.schema, response: { '4xx': errorBodySchema, '5xx': errorBodySchema, ...response } };
    for (const method of methods) {
      routes.push({ method, url: route.url, schema: route.schema, config: route.config });
      if (!/[:*]/.test(route.url)) methodsByPath.set(route.url, (methodsByPath.get(route.url) ?? new Set()).add(method));
    }
  });

  app.decorate('routeTable', () => routes);
  app.decorate('allowedMethods', (path: string) => {
    const methods = methodsByPath.get(path);
    return methods ? [...methods] : null;
  });
};

export default fp(routeRules, { name: 'route-rules', fastify: '5.x' });
