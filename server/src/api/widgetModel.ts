/**
 * The user model on the server, read with the client's own rules (src/api): what a save may store,
 * what a stored model reads as today, and what each reader gets of it. The owner (panel, editor)
 * gets all of it; a visitor's widget gets only what the widget shows: no folder trail, and no
 * file at all while the file is private (visitors would not see it anyway).
 */
import { UserModelSchema, defaultUserModel, type UserModel } from '../../../src/api/schemas';

const PANEL_ONLY_FIELDS = ['breadcrumb'] as const;

export type Checked = { ok: true; model: UserModel } | { ok: false; message: string };

/** A model sent by a save: every field present must be valid; missing ones take their defaults. */
export function checkSavedModel(json: unknown): Checked {
  const parsed = UserModelSchema.safeParse(json);
  if (parsed.success) return { ok: true, model: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape' };
}

/** A stored model with today's defaults (the defaults when nothing is stored). */
export function readStoredModel(stored: unknown): UserModel {
  if (stored === null || stored === undefined) return defaultUserModel();
  const parsed = UserModelSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultUserModel();
}

export function modelFor(model: UserModel, isOwner: boolean): Partial<UserModel> {
  if (isOwner) return model;
  const view: Partial<UserModel> = { ...model };
  for (const field of PANEL_ONLY_FIELDS) delete view[field];
  if (model.activeFilePerm === 'none') {
    view.activeFileId = null;
    view.activeFileTitle = null;
    view.activeFileMimeType = null;
  }
  return view;
}

/** What the widget renders from a reader's view (missing fields take their defaults). */
export function widgetRenderModel(view: Partial<UserModel>): UserModel {
  return readStoredModel(view);
}
