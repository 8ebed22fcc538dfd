/**
 * Who may call a route, and for which widget (a plugin). Every route says it in its config:
 *
 *   config: { access: 'owner' }    the site's owner only (saving, deleting, the drive)
 *   config: { access: 'reader' }   the owner or a visitor (reading the settings, the widget page)
 *   config: { access: 'public' }   anyone (health, the settings page and assets, the OAuth callback)
 *
 * A route without `config.access` stops the server's start. For an owner or reader route, a hook
 * runs first of all (before the body is read) and answers by itself: 401 for a missing, forged or
 * expired credential, 403 for a visitor on an owner route, 400 when the request names no widget.
 * Only then does the handler run, and it finds the verified caller in `request.access`.
 *
 * The credential today is the platform's signed `instance` on the query string (http/instance.ts);
 * the widget is `origCompId` or `compId` (the contract's `widgetIdOf`). A second credential (the
 * platform's access token in `Authorization`) belongs in `verifyCaller`, and nowhere else.
 */
import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { describeIssues, NO_WIDGET } from '../../../src/contract/issues';
import { apiQuerySchema } from '../../../src/contract/schemas';
import { widgetIdOf } from '../../../src/contract/widgetId';
import type { SettingsKey } from '../db/settingsStore';
import { HttpError } from './errors';
import { verifyInstance, type InstanceRules } from './instance';
import { RouteRuleError } from './routeRules';

export type Access = 'owner' | 'reader' | 'public';
const ACCESS_LEVELS: readonly Access[] = ['owner', 'reader', 'public'];

/** The verified caller of an owner or reader route. */
export interface WidgetAccess {
  key: SettingsKey;
  isOwner: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The verified caller; only on routes whose config asks for 'owner' or 'reader'. */
    readonly access: WidgetAccess;
  }
}

const kAccess = Symbol('widgetAccess');
type WithAccess = FastifyRequest & { [kAccess]: WidgetAccess | null };

function queryIssueField(issues: readonly v.BaseIssue<unknown>[]): string | undefined {
  return issues[0]?.path?.[0]?.key as string | undefined;
}

/** The caller of `request`, checked for `needs`; throws the refusal (401, 403, 400) otherwise. */
export function verifyCaller(request: FastifyRequest, rules: InstanceRules, needs: 'owner' | 'reader'): WidgetAccess {
  const query = v.safeParse(apiQuerySchema, request.query);
  if (!query.success) {
    const refusal = describeIssues(query.issues, 'querystring');
    // An instance the query rules refuse (too long, not text) is an invalid credential, as a forged one is.
    if (queryIssueField(query.issues) === 'instance') throw new HttpError(401, 'invalid_instance', refusal.message);
    throw HttpError.of(400, refusal);
  }
  const check = verifyInstance(query.output.instance, rules);
  if (!check.ok) throw new HttpError(check.status ?? 401, check.error, check.message);
  if (needs === 'owner' && !check.instance.isOwner) throw new HttpError(403, 'forbidden', "Only the site's owner may change this widget.");
  const compId = widgetIdOf(query.output);
  if (!compId) throw HttpError.of(400, NO_WIDGET);
  return { key: { instanceId: check.instance.instanceId, compId }, isOwner: check.instance.isOwner };
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

const access: FastifyPluginAsync<{ rules: InstanceRules }> = async (app, { rules }) => {
  app.decorateRequest(kAccess, null);
  app.decorateRequest('access', {
    getter(this: FastifyRequest) {
      const verified = (this as WithAccess)[kAccess];
      if (!verified) throw new Error(`${this.method} ${this.routeOptions.url} reads request.access, but its config asks for no access check.`);
      return verified;
    },
  });

  app.addHook('onRoute', (route) => {
    const needs = route.config?.access;
    if (!needs || !ACCESS_LEVELS.includes(needs)) {
      throw new RouteRuleError(String(route.method), route.url, "config.access says who may call the route: 'owner', 'reader' or 'public'.");
    }
    if (needs === 'public') return;
    const check: onRequestHookHandler = async (request) => {
      (request as WithAccess)[kAccess] = verifyCaller(request, rules, needs);
    };
    route.onRequest = [...asList(route.onRequest), check];
  });
};

export default fp(access, { name: 'access', fastify: '5.x' });
