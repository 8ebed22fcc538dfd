/**
 * The settings routes (src/api/routes.ts): read the user model, save it on a revision, delete it.
 * The save body is form-encoded: `user` (the model's JSON) and `revision` (the revision the change
 * started from). A save on an older revision is refused with 409 and the current revision.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '../../../src/api/routes';
import type { SettingsKey, SettingsStore } from '../db/settingsStore';
import { sendError } from '../http/errors';
import type { InstanceRules } from '../http/instance';
import { checkSavedModel, modelFor, readStoredModel } from './widgetModel';
import { requireAccess } from './widgetAccess';
import type { RouteConfig } from './routeConfig';

export interface SettingsRoutesOptions {
  store: SettingsStore;
  rules: InstanceRules;
  writeRoute: RouteConfig;
  /** Runs after a widget's settings were deleted (the drive forgets the widget's grant). */
  onDeleted?: (key: SettingsKey, request: FastifyRequest) => Promise<void>;
}

const MAX_REVISION = 2_147_483_647;

function formField(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string; message: string };

function parseRevision(raw: string | null): Parsed<number> {
  if (raw === null) return { ok: false, error: 'invalid_revision', message: 'The form field "revision" is missing.' };
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_REVISION) {
    return { ok: false, error: 'invalid_revision', message: `The form field "revision" must be a whole number ≥ 0, got "${raw.slice(0, 20)}".` };
  }
  return { ok: true, value: Number(raw) };
}

function parseUser(raw: string | null): Parsed<unknown> {
  if (raw === null) return { ok: false, error: 'invalid_user', message: 'The form field "user" is missing.' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { ok: false, error: 'malformed_json', message: `The form field "user" is not valid JSON (${(error as Error).message}).` };
  }
  const checked = checkSavedModel(json);
  if (!checked.ok) return { ok: false, error: 'invalid_user', message: `The user model is not valid (${checked.message}).` };
  return { ok: true, value: checked.model };
}

export function registerSettingsRoutes(app: FastifyInstance, { store, rules, writeRoute, onDeleted }: SettingsRoutesOptions): void {
  app.get(ROUTES.userModel, async (request: FastifyRequest, reply: FastifyReply) => {
    const access = requireAccess(request, reply, rules, 'read');
    if (!access) return reply;
    const stored = await store.read(access.key);
    reply.header('Cache-Control', 'no-store');
    return { ...modelFor(readStoredModel(stored.model), access.isOwner), revision: stored.revision };
  });

  app.post(ROUTES.save, writeRoute, async (request, reply) => {
    const access = requireAccess(request, reply, rules, 'write');
    if (!access) return reply;
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return sendError(reply, 415, 'unsupported_media_type', 'A save is form-encoded (application/x-www-form-urlencoded).');
    }
    const revision = parseRevision(formField(request.body, 'revision'));
    if (!revision.ok) return sendError(reply, 400, revision.error, revision.message);
    const user = parseUser(formField(request.body, 'user'));
    if (!user.ok) return sendError(reply, 400, user.error, user.message);
    const result = await store.save(access.key, user.value, revision.value);
    if (!result.saved) {
      return sendError(reply, 409, 'stale_revision', `The settings changed since revision ${revision.value}; reload them and apply the change again.`, {
        revision: result.revision,
      });
    }
    return { revision: result.revision };
  });

  app.delete(ROUTES.delete, writeRoute, async (request, reply) => {
    const access = requireAccess(request, reply, rules, 'write');
    if (!access) return reply;
    await store.remove(access.key);
    await onDeleted?.(access.key, request);
    return reply.code(204).send();
  });
}
