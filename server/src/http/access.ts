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
 * Two credentials open a route, checked in `verifyCaller` and nowhere else:
 * - the legacy signed `instance` on the query string (http/instance.ts, through one
 *   `instanceVerifier` per server, which remembers the strings it verified); the widget is then
 *   `origCompId` or `compId` (the contract's `widgetIdOf`);
 * - the current model's access token, raw in `Authorization`, checked with the platform's
 *   token-info (http/tokenInfo.ts: 401 when refused, 503 with Retry-After when token-info fails or
 *   is slow, 429 with Retry-After when the client's address has had too many refused); the
 *   widget is the `widgetKey` query field (contract/widgetKey.ts), which a legacy request may send too.
 * A request with both must have both pass and name the same site (else 401 `credentials_disagree`),
 * and is the owner's only when both say so.
 *
 * A route whose config also says `connectTicket: true` (the authenticate route, opened in a popup,
 * which can carry no header) takes a connect ticket and nothing else (`ticket` on the query;
 * oauth/connectTicket.ts): issued to the owner's credential for one widget, it opens the route once,
 * for that widget. No ticket, or one of another form, unknown, used or expired, is 401
 * `invalid_ticket`: a reusable credential (the legacy `instance`, valid a day) in a link would let
 * any browser that opens it start a flow for the widget.
 */
import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { describeIssues, NO_WIDGET } from '#client/contract/issues';
import { apiQuerySchema } from '#client/contract/schemas';
import { widgetIdOf } from '#client/contract/widgetId';
import { retryAfterValue } from '#client/contract/retryAfter';
import type { SettingsKey } from '../db/settingsStore';
import { HttpError } from './errors';
import { instanceVerifier, type InstanceRules, type InstanceVerifier, type VerifiedInstance } from './instance';
import { RouteRuleError } from './routeRules';
import type { TokenInfoCounts, TokenVerifier } from './tokenInfo';
import { CONNECT_TICKET_FIELD } from '#client/contract/connectTicket';
import type { ConnectTickets } from '../oauth/connectTicket';

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
    /** The route also opens with a connect ticket in place of the owner's credentials. */
    connectTicket?: boolean;
  }
  interface FastifyRequest {
    /** The verified caller; only on routes whose config asks for 'owner' or 'reader'. */
    readonly access: WidgetAccess;
  }
  interface FastifyInstance {
    /** How token-info was asked so far (for the server's metrics); null when tokens are not taken. */
    accessTokenCounts(): TokenInfoCounts | null;
  }
}

const kAccess = Symbol('widgetAccess');
type WithAccess = FastifyRequest & { [kAccess]: WidgetAccess | null };

function queryIssueField(issues: readonly v.BaseIssue<unknown>[]): string | undefined {
  return issues[0]?.path?.[0]?.key as string | undefined;
}

function legacySite(instance: string | null, verify: InstanceVerifier): VerifiedInstance {
  const check = verify(instance);
  if (!check.ok) throw new HttpError(check.status ?? 401, check.error, check.message);
  return check.instance;
}

async function tokenSite(request: FastifyRequest, token: string, tokens: TokenVerifier | null): Promise<VerifiedInstance> {
  if (!tokens) throw new HttpError(401, 'invalid_token', 'This server takes no access tokens.');
  const check = await tokens.verify(token, request.ip);
  if (check.ok) return { instanceId: check.verdict.instanceId, isOwner: check.verdict.isOwner };
  if (check.status === 503) request.log.warn({ tokenCheck: check.reason }, 'access token check unavailable');
  const retryAfter: Record<string, string> = check.status === 401 ? {} : { 'Retry-After': retryAfterValue(check.retryAfterSeconds) };
  throw new HttpError(check.status, check.error, check.message, {}, retryAfter);
}

/** The site the credentials of `request` prove, and whether it is its owner; throws the refusal (401, 503) otherwise. */
async function verifiedSite(
  request: FastifyRequest,
  instance: string | null,
  verify: InstanceVerifier,
  tokens: TokenVerifier | null,
): Promise<VerifiedInstance> {
  const token = request.headers.authorization;
  if (token === undefined) return legacySite(instance, verify);
  const viaInstance = instance === null ? null : legacySite(instance, verify);
  const viaToken = await tokenSite(request, token, tokens);
  if (!viaInstance) return viaToken;
  if (viaInstance.instanceId !== viaToken.instanceId)
    throw new HttpError(401, 'credentials_disagree', 'The instance and the access token name different sites.');
  return { instanceId: viaToken.instanceId, isOwner: viaToken.isOwner && viaInstance.isOwner };
}

/** The caller of `request`, checked for `needs`; throws the refusal (401, 403, 400, 503) otherwise. */
export async function verifyCaller(
  request: FastifyRequest,
  verify: InstanceVerifier,
  tokens: TokenVerifier | null,
  needs: 'owner' | 'reader',
): Promise<WidgetAccess> {
  const query = v.safeParse(apiQuerySchema, request.query);
  if (!query.success) {
    const refusal = describeIssues(query.issues, 'querystring');
    // An instance the query rules refuse (too long, not text) is an invalid credential, as a forged one is.
    if (queryIssueField(query.issues) === 'instance') throw new HttpError(401, 'invalid_instance', refusal.message);
    throw HttpError.of(400, refusal);
  }
  const site = await verifiedSite(request, query.output.instance, verify, tokens);
  if (needs === 'owner' && !site.isOwner) throw new HttpError(403, 'forbidden', "Only the site's owner may change this widget.");
  const widget = query.output.widgetKey ?? widgetIdOf(query.output);
  if (!widget) throw HttpError.of(400, NO_WIDGET);
  return { key: { instanceId: site.instanceId, compId: widget }, isOwner: site.isOwner };
}

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

export interface AccessOptions {
  rules: InstanceRules;
  /** The access token check; null: only the legacy instance is taken. */
  tokens: TokenVerifier | null;
  /** Where connect tickets are redeemed; null: routes take no ticket. */
  tickets?: ConnectTickets | null;
}

/** The widget a connect ticket opens (for its owner), or the refusal (no ticket among them). */
async function ticketAccess(request: FastifyRequest, tickets: ConnectTickets | null): Promise<WidgetAccess> {
  const ticket = (request.query as Record<string, unknown> | undefined)?.[CONNECT_TICKET_FIELD];
  const widget = tickets && ticket !== undefined ? await tickets.redeem(ticket) : null;
  if (!widget)
    throw new HttpError(
      401,
      'invalid_ticket',
      'This route opens only with a connect ticket, and this one is missing, unknown, used or expired: connect your drive again from the settings panel.',
    );
  return { key: widget, isOwner: true };
}

const access: FastifyPluginAsync<AccessOptions> = async (app, { rules, tokens, tickets = null }) => {
  const verify = instanceVerifier(rules);
  app.decorate('accessTokenCounts', () => tokens?.counts() ?? null);
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
    const takesTicket = route.config?.connectTicket === true;
    const check: onRequestHookHandler = async (request) => {
      (request as WithAccess)[kAccess] = takesTicket ? await ticketAccess(request, tickets) : await verifyCaller(request, verify, tokens, needs);
    };
    route.onRequest = [...asList(route.onRequest), check];
  });
};

export default fp(access, { name: 'access', fastify: '5.x' });
