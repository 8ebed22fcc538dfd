/** Account and settings routes: the account's details, the saved user model, disconnect and delete. */
import type { About } from '../../src/api/schemas';
import { avatarDataUri, ME } from '../drive';
import { forbidden, isPlainObject, json, noContent, driveDenied, readForm, type Context, type Reply } from '../http';

export function about(ctx: Context): Reply {
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const body: About = {
    user: { displayName: ME.displayName, emailAddress: ME.emailAddress, picture: { url: avatarDataUri(ME) } },
  };
  return json(200, body);
}

export function readUser(ctx: Context): Reply {
  return json(200, ctx.state.users[ctx.key] ?? {});
}

export function saveUser(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const raw = readForm(ctx.rawBody).get('user');
  if (raw === null) return json(400, { error: 'invalid_user', message: 'The form field "user" is missing' });
  let user: unknown;
  try {
    user = JSON.parse(raw);
  } catch {
    return json(400, { error: 'invalid_user', message: 'The form field "user" is not JSON' });
  }
  if (!isPlainObject(user)) return json(400, { error: 'invalid_user', message: 'The user model must be a JSON object' });
  ctx.state.users[ctx.key] = user;
  ctx.commit();
  return json(200, {});
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
  delete ctx.state.users[ctx.key];
  ctx.commit();
  return noContent();
}
