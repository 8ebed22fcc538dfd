/** Account and settings routes: the account's details, the saved user model, disconnect and delete. */
import * as v from 'valibot';
import type { About } from '../../src/api/schemas';
import { describeIssues, WIDGET_KEY_TAKEN } from '../../src/contract/issues';
import { revisionAfterDelete, saveVerdict } from '../../src/contract/revision';
import { saveFormSchema } from '../../src/contract/schemas';
import { defaultUserModel, readUserModel } from '../../src/contract/userModel';
import { modelFor } from '../../src/contract/visitorView';
import { avatarDataUri, ME } from '../drive';
import { driveDenied, forbidden, isPlainObject, json, noComponent, noContent, readForm, type Context, type Reply } from '../http';
import { heldByAnother } from '../keyHolder';

export function about(ctx: Context): Reply {
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const body: About = {
    user: { displayName: ME.displayName, emailAddress: ME.emailAddress, picture: { url: avatarDataUri(ME) } },
    access: ctx.driveAccess,
  };
  return json(200, body);
}

/** The stored model as the contract reads it, and what this reader may see of it (visitorView). */
export function readUser(ctx: Context): Reply {
  const stored = ctx.state.users[ctx.key];
  const model = stored === undefined ? defaultUserModel() : readUserModel(stored).model;
  return json(200, { ...modelFor(model, ctx.instance.isOwner), revision: ctx.state.revisions[ctx.key] ?? 0 });
}

/** The save form with the saveOverrides switch written over its model (a model that is not a JSON object is left as sent). */
function overridden(form: Record<string, string>, overrides: Context['saveOverrides']): Record<string, string> {
  if (overrides === null || form.user === undefined) return form;
  try {
    const user: unknown = JSON.parse(form.user);
    return isPlainObject(user) ? { ...form, user: JSON.stringify({ ...user, ...overrides }) } : form;
  } catch {
    return form;
  }
}

/**
 * Saves on top of the revision the client's change started from, with the contract's save form
 * (the model's rules and the revision rule): a bad field is refused with 400 naming it; a save
 * built on an older revision is refused with 409 stale_revision and overwrites nothing; one under a
 * widget key another site holds, with 409 widget_key_taken.
 */
export function saveUser(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  if (!ctx.hasWidgetId) return noComponent();
  if (heldByAnother(ctx)) return json(409, WIDGET_KEY_TAKEN);
  const form = v.safeParse(saveFormSchema, overridden(Object.fromEntries(readForm(ctx.rawBody)), ctx.saveOverrides));
  if (!form.success) return json(400, describeIssues(form.issues, 'body'));
  const verdict = saveVerdict(form.output.revision, ctx.state.revisions[ctx.key] ?? 0);
  if (!verdict.stored) {
    return json(409, { error: 'stale_revision', message: 'The settings were changed since this change was made.', revision: verdict.current });
  }
  ctx.state.users[ctx.key] = { ...form.output.user };
  ctx.state.revisions[ctx.key] = verdict.revision;
  ctx.commit();
  return json(200, { revision: verdict.revision });
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
  if (heldByAnother(ctx)) return json(409, WIDGET_KEY_TAKEN);
  // As the server: the settings go, the revision stays and goes up, so an old save cannot bring them back.
  const current = ctx.state.revisions[ctx.key] ?? 0;
  const hadSettings = ctx.state.users[ctx.key] !== undefined;
  delete ctx.state.users[ctx.key];
  if (current > 0) ctx.state.revisions[ctx.key] = revisionAfterDelete(current, hadSettings);
  ctx.commit();
  return noContent();
}
