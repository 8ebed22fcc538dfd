/**
 * The settings routes (src/api/routes.ts), a plugin: read the user model, save it on a revision,
 * delete it. The save body is form-encoded (the only body this group parses): `user` (the model's
 * JSON, checked by the contract's rules) and `revision` (the revision the change started from). A
 * save on an older revision is refused with 409 and the current revision. A save or delete under a
 * widget key another site holds is refused with 409 `widget_key_taken` (the contract's
 * keyHeldByAnother): the holder's settings are never touched.
 */
import type { FastifyRequest } from 'fastify';
import { ROUTES } from '#client/api/routes';
import { WIDGET_KEY_TAKEN } from '#client/contract/issues';
import { readUserModel } from '#client/contract/userModel';
import { modelFor } from '#client/contract/visitorView';
import type { SettingsKey, SettingsStore } from '../db/settingsStore';
import bodies from '../http/bodies';
import { HttpError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import { settingsSchemas } from './routeSchemas';

export interface SettingsRoutesOptions {
  store: SettingsStore;
  /** Runs after a widget's settings were deleted (the drive forgets the widget's grant). */
  onDeleted?: (key: SettingsKey, request: FastifyRequest) => Promise<void>;
  /** Records a delete as announced before its work, and confirmed after it: what fails between, the sweeper finishes. */
  deletions?: { announceDeletion(key: SettingsKey): Promise<void>; confirmDeletion(key: SettingsKey): Promise<void> };
}

/** What the element's cross-origin delete may send (src/element/removeSettings.ts): the token's header, and nothing else. */
const ELEMENT_PREFLIGHT = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'DELETE',
  'Access-Control-Allow-Headers': 'Authorization',
  'Access-Control-Max-Age': '600',
};

export const settingsRoutes: RoutesPlugin<SettingsRoutesOptions> = async (app, { store, onDeleted, deletions }) => {
  await app.register(bodies, { accept: ['form'] });

  app.get(ROUTES.userModel, { schema: settingsSchemas.read, config: { access: 'reader' } }, async (request, reply) => {
    const stored = await store.read(request.access.key);
    reply.header('Cache-Control', 'no-store');
    return { ...modelFor(readUserModel(stored.model).model, request.access.isOwner), revision: stored.revision };
  });

  app.post(ROUTES.save, { schema: settingsSchemas.save, config: { access: 'owner', writeLimit: true } }, async (request) => {
    const { user, revision } = request.body;
    const result = await store.save(request.access.key, user, revision);
    if (!result.saved && result.keyTaken) throw HttpError.of(409, WIDGET_KEY_TAKEN);
    if (!result.saved) {
      throw new HttpError(409, 'stale_revision', `The settings changed since revision ${revision}; reload them and apply the change again.`, {
        revision: result.revision,
      });
    }
    return { revision: result.revision };
  });

  // The custom element removes a deleted widget's settings from the site's page, another origin than
  // ours: the browser asks first (DELETE with Authorization is no simple request). The credential is
  // the access token the caller already holds, never a cookie, so any origin may send it.
  app.options(ROUTES.delete, { schema: settingsSchemas.preflight, config: { access: 'public' } }, async (_request, reply) =>
    reply.code(204).headers(ELEMENT_PREFLIGHT).send(),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === ROUTES.delete) reply.header('Access-Control-Allow-Origin', '*');
    return payload;
  });

  app.delete(ROUTES.delete, { schema: settingsSchemas.remove, config: { access: 'owner', writeLimit: true } }, async (request, reply) => {
    const { key } = request.access;
    if (await store.keyHeldByAnother(key)) {
      // Nothing of the holder's is touched; the caller's own drive grant under the key (if she connected one) is hers to drop.
      await onDeleted?.(key, request);
      throw HttpError.of(409, WIDGET_KEY_TAKEN);
    }
    await deletions?.announceDeletion(key);
    await store.remove(key);
    await onDeleted?.(key, request);
    await deletions?.confirmDeletion(key);
    return reply.code(204).send();
  });
};
