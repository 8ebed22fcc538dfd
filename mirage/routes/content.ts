/**
 * Native content (issue 20), as the server answers it; the rendering is Mirage's
 * (nativeRendering.ts), always version 1:
 * - the owner's rendering of the active file (ROUTES.nativeContent, server/src/api/contentRoute.ts):
 *   the stored model's file when visitors may see it as part of the page, else null; the drive's
 *   "Q3 plan", over the drive's 10 MB export limit in the fake drive too, is 422
 *   `content_unrenderable` (the element's fetch: none, as nothing of it is stored);
 * - the custom element's fetch (ROUTES.elementContent, server/src/api/elementContentRoute.ts):
 *   public, keyed by the widget key; the rendering of the asked file when the widget's stored model
 *   shows it and any visitor may see it, else `{state: 'none'}`; answered from the site holding the
 *   key only (keyHolder.ts); 404 for a key no site holds.
 */
import * as v from 'valibot';
import type { NativeContentAnswer } from '../../src/api/schemas';
import type { ElementContentAnswer, FetchedContent } from '../../src/contract/elementContentAnswer';
import { describeIssues, EXPORT_REFUSED, unrenderableBody, type ErrorBody } from '../../src/contract/issues';
import { elementContentQuerySchema } from '../../src/contract/schemas';
import { readUserModel } from '../../src/contract/userModel';
import { showsNatively } from '../../src/drive/display';
import { DRIVE_IDS, getDrive } from '../drive';
import { driveDenied, forbidden, json, type Context, type Reply } from '../http';
import type { MockState } from '../state';
import { nativeRendering } from '../nativeRendering';
import { anyoneRole } from './permissions';
import { keyHolder } from '../keyHolder';

/** A document whose export is over the drive's 10 MB limit (server/dev/fakeDrive/exports.ts): it has no rendering. */
const TOO_LARGE = DRIVE_IDS.q3Plan;

/** The server's answer for it (server/src/api/contentRoute.ts), from the contract. */
const UNRENDERABLE: ErrorBody = unrenderableBody(EXPORT_REFUSED);

/** The stored model's file when any visitor may see it as part of the page, or null. */
function visibleFileId(state: MockState, stored: Record<string, unknown> | undefined): string | null {
  const model = readUserModel(stored ?? {}).model;
  const fileId = model.activeFileId;
  if (!fileId || model.activeFilePerm === 'none' || !showsNatively(model.display, model.activeFileMimeType)) return null;
  const record = getDrive().byId.get(fileId);
  return record && !record.labels.trashed && anyoneRole(state, fileId) !== null ? fileId : null;
}

/** The rendering of a file `visibleFileId` found, or null (none, or one with no rendering). */
function renderingOf(fileId: string | null): FetchedContent | null {
  const record = fileId === null || fileId === TOO_LARGE ? undefined : getDrive().byId.get(fileId);
  return fileId && record ? { fileId, html: nativeRendering(record.title, record.mimeType, fileId), version: 1 } : null;
}

export function readContent(ctx: Context): Reply {
  if (!ctx.instance.isOwner) return forbidden();
  const denied = driveDenied(ctx);
  if (denied) return denied;
  const fileId = visibleFileId(ctx.state, ctx.state.users[ctx.key]);
  if (fileId === TOO_LARGE) return json(422, UNRENDERABLE);
  const answer: NativeContentAnswer = { content: renderingOf(fileId) };
  return json(200, answer);
}

/** Readable from the site's page, another origin (as the server's answer). */
const ANY_ORIGIN = { 'Access-Control-Allow-Origin': '*' };

export function readElementContent(ctx: Context): Reply {
  const query = v.safeParse(elementContentQuerySchema, Object.fromEntries(ctx.query));
  if (!query.success) return { ...json(400, describeIssues(query.issues, 'querystring')), headers: ANY_ORIGIN };
  const { widgetKey, fileId } = query.output;
  const holder = keyHolder(ctx.state, widgetKey);
  if (holder === null) return { ...json(404, { error: 'unknown_widget', message: 'No widget has this widgetKey.' }), headers: ANY_ORIGIN };
  const content = renderingOf(visibleFileId(ctx.state, ctx.state.users[holder]));
  const answer: ElementContentAnswer = content?.fileId === fileId ? { state: 'content', content } : { state: 'none' };
  return { ...json(200, answer), headers: ANY_ORIGIN };
}
