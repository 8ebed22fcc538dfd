/**
 * The user model on the server, read with the client's own rules (src/api): what a save may store,
 * what a stored model reads as today, and what each reader gets of it. The owner (panel, editor)
 * gets all of it; a visitor's widget gets only what the widget shows: no folder trail, and no
 * file at all while the file is private (visitors would not see it anyway).
 */
import { defaultUserModel, readUserModel, type UserModel } from '../../../src/contract/userModel';

const PANEL_ONLY_FIELDS = ['breadcrumb'] as const;

export type Checked = { ok: true; model: UserModel } | { ok: false; message: string };

/** A model sent by a save: every field present must be valid; missing ones take their defaults. */
export function checkSavedModel(json: unknown): Checked {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, message: '(root): the user model must be a JSON object' };
  const { model, invalid } = readUserModel(json);
  if (invalid.length === 0) return { ok: true, model };
  return { ok: false, message: `invalid value for ${invalid.join(', ')}` };
}

/** A stored model with today's defaults (the defaults when nothing is stored). */
export function readStoredModel(stored: unknown): UserModel {
  if (stored === null || stored === undefined) return defaultUserModel();
  return readUserModel(stored).model;
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
