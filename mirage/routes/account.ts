/** Account and settings routes: the account's details, the saved user model, disconnect and delete. */
import type { About } from '../../src/api/schemas';
import { avatarDataUri, ME } from '../drive';
import { driveDenied, forbidden, isPlainObject, json, noComponent, noContent, readForm, type Context, type Reply } from '../http';

export function about(ctx: Context): Reply {
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const body: About = {
    user: { displayName: ME.displayName, emailAddress: ME.emailAddress, picture: { url: avatarDataUri(ME) } },
  };
  return json(200, body);
}

export function readUser(ctx: Context): Reply {
  return json(200, { ...(ctx.state.users[ctx.key] ?? {}), revision: ctx.state.revisions[ctx.key] ?? 0 });
}

/**
 * Saves on top of the revision the client's change started from (form field `revision`). A save
 * built on an older revision is refused with 409 stale_revision and overwrites nothing.
 */
export function saveUser(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  if (!ctx.hasWidgetId) return noComponent();
  const form = readForm(ctx.rawBody);
  const raw = form.get('user');
  if (raw === null) return json(400, { error: 'invalid_user', message: 'The form field "user" is missing' });
  let user: unknown;
  try {
    user = JSON.parse(raw);
  } catch {
    return json(400, { error: 'invalid_user', message: 'The form field "user" is not JSON' });
  }
  if (!isPlainObject(user)) return json(400, { error: 'invalid_user', message: 'The user model must be a JSON object' });
  const base = Number(form.get('revision') ?? '0');
  if (!Number.isSafeInteger(base) || base < 0) return json(400, { error: 'invalid_revision', message: 'The form field "revision" must be a whole number' });
  const current = ctx.state.revisions[ctx.key] ?? 0;
  if (base !== current) return json(409, { error: 'stale_revision', message: 'The settings were changed since this change was made.', revision: current });
  delete user.revision;
  ctx.state.users[ctx.key] = user;
  ctx.state.revisions[ctx.key] = current + 1;
  ctx.commit();
  return json(200, { revision: current + 1 });
}

export function disconnect(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  ctx.state.connected = false;
  ctx.state.grantEnded = false;
  ctx.commit();
  return noContent();
}

export function deleteSettings(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  if (!ctx.hasWidgetId) return noComponent();
  delete ctx.state.users[ctx.key];
  delete ctx.state.revisions[ctx.key];
  ctx.commit();
  return noContent();
}
