/**
 * The owner's rendering of the active file (ROUTES.nativeContent, issue 20), as the server answers
 * it (server/src/api/contentRoute.ts): the stored model's file when visitors may see it as part of
 * the page, else null. Mirage renders nothing: its answer is a stand-in rendering made of the
 * file's title (escaped), so the panel's content saga and the stage have something to draw.
 */
import type { NativeContentAnswer } from '../../src/api/schemas';
import { readUserModel } from '../../src/contract/userModel';
import { nativeKindOf, showsNatively } from '../../src/drive/display';
import { getDrive } from '../drive';
import { driveDenied, forbidden, json, type Context, type Reply } from '../http';
import { anyoneRole } from './permissions';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What Mirage shows for a file as part of the page: its title and a line saying what it stands for. */
export function standInRendering(title: string, mimeType: string): string {
  const kind = nativeKindOf(mimeType) ?? 'file';
  return `<h1 id="h.top">${escapeHtml(title)}</h1><p>The ${kind} as part of the page (Mirage's stand-in rendering).</p>`;
}

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
  const answer: NativeContentAnswer = { content: { fileId, html: standInRendering(record.title, record.mimeType), version: 1 } };
  return json(200, answer);
}
