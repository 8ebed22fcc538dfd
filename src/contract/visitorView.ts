/**
 * What each reader may see of a model. The owner (panel, editor) sees all of it; a visitor's
 * widget sees only what the widget shows: no folder trail, and no file at all while the file is
 * private (visitors could not open it anyway).
 */
import type { UserModel } from './userModel';

const PANEL_ONLY_FIELDS = ['breadcrumb'] as const;

export function modelFor(model: UserModel, isOwner: boolean): Partial<UserModel> {
  if (isOwner) return model;
  const view: Partial<UserModel> = { ...model };
  for (const field of PANEL_ONLY_FIELDS) delete view[field];
  if (model.activeFilePerm === 'none') {
    view.activeFileId = null;
    view.activeFileTitle = null;
    view.activeFileMimeType = null;
    view.activeFileResourceKey = null;
  }
  return view;
}
