/**
 * Who asks, for which widget. Every api route carries `instance`, `compId` and `origCompId` on its
 * query string (an empty value means null). The panel's own compId is 'tpaSettings' and it names
 * the widget by origCompId; the widget names itself by compId.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SettingsKey } from '../db/settingsStore';
import { verifyInstance, type InstanceCheck, type InstanceRules } from '../http/instance';
import { sendError } from '../http/errors';

export const SETTINGS_PANEL_COMP_ID = 'tpaSettings';
const MAX_COMP_ID_LENGTH = 200;

export interface WidgetAccess {
  key: SettingsKey;
  isOwner: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    instanceCheck?: InstanceCheck;
  }
}

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | null {
  const value = query[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? null : text;
}

export function widgetCompId(query: Query): string | null {
  const orig = single(query, 'origCompId');
  const own = single(query, 'compId');
  const id = orig ?? (own === SETTINGS_PANEL_COMP_ID ? null : own);
  return id && id.length <= MAX_COMP_ID_LENGTH ? id : null;
}

/** Verifies the instance once per request (the rate limit keys by it before the handler runs). */
export function checkInstance(request: FastifyRequest, rules: InstanceRules): InstanceCheck {
  request.instanceCheck ??= verifyInstance(single(request.query as Query, 'instance'), rules);
  return request.instanceCheck;
}

/**
 * The widget this request is for, or null after answering 401 (bad instance), 403 (a writing route
 * without the owner's permission) or 400 (no component id).
 */
export function requireAccess(request: FastifyRequest, reply: FastifyReply, rules: InstanceRules, needs: 'read' | 'write'): WidgetAccess | null {
  const check = checkInstance(request, rules);
  if (!check.ok) {
    void sendError(reply, 401, check.error, check.message);
    return null;
  }
  if (needs === 'write' && !check.instance.isOwner) {
    void sendError(reply, 403, 'forbidden', "Only the site's owner may change this widget.");
    return null;
  }
  const compId = widgetCompId(request.query as Query);
  if (!compId) {
    void sendError(reply, 400, 'missing_component', 'The request names no widget (compId or origCompId).');
    return null;
  }
  return { key: { instanceId: check.instance.instanceId, compId }, isOwner: check.instance.isOwner };
}
