/**
 * What each reader gets of a stored user model. The owner (panel, editor) gets all of it; a
 * visitor's widget gets only what the widget shows: no folder trail, and no file at all while the
 * file is private (visitors would not see it anyway).
 */
import { UserModelSchema, defaultUserModel, type UserModel } from '../../../src/api/schemas';

const PANEL_ONLY_FIELDS = ['breadcrumb'] as const;

/** The stored model with today's defaults; null when it no longer fits the schema. */
export function normaliseStored(stored: unknown): UserModel | null {
  if (stored === null || stored === undefined) return defaultUserModel();
  const parsed = UserModelSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
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
