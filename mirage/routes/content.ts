/**
 * The owner's rendering of the active file (ROUTES.nativeContent, issue 20), as the server answers
 * it (server/src/api/contentRoute.ts): the stored model's file when visitors may see it as part of
 * the page, else null; the rendering is Mirage's (nativeRendering.ts).
 */
import type { NativeContentAnswer } from '../../src/api/schemas';
import { readUserModel } from '../../src/contract/userModel';
import { showsNatively } from '../../src/drive/display';
import { getDrive } from '../drive';
import { driveDenied, forbidden, json, type Context, type Reply } from '../http';
import { nativeRendering } from '../nativeRendering';
import { anyoneRole } from './permissions';

export function readContent(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const stored = ctx.state.users[ctx.key];
  const model = readUserModel(stored ?? {}).model;
  const fileId = model.activeFileId;
  const none: NativeContentAnswer = { content: null };
  if (!fileId || model.activeFilePerm === 'none' || !showsNatively(model.display, model.activeFileMimeType)) return json(200, none);
  const record = getDrive().byId.get(fileId);
  if (!record || record.labels.trashed || anyoneRole(ctx.state, fileId) === null) return json(200, none);
  const answer: NativeContentAnswer = { content: { fileId, html: nativeRendering(record.title, record.mimeType), version: 1 } };
  return json(200, answer);
}
