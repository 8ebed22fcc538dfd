/**
 * What each reader may see of a model. The owner (panel, editor) sees all of it; a visitor's
 * widget sees only what the widget shows: no panel-only setting (the registry's group, userModel.ts),
 * and no file at all while the file is private (visitors could not open it anyway).
 */
import { defaultOf, settingsIn, type UserModel } from './userModel';

const PANEL_ONLY_FIELDS = settingsIn('panel-only');
const FILE_FIELDS = settingsIn('file');

export function modelFor(model: UserModel, isOwner: boolean): Partial<UserModel> {
  if (isOwner) return model;
  const view: Partial<UserModel> = { ...model };
  for (const field of PANEL_ONLY_FIELDS) delete view[field];
  if (model.activeFilePerm === 'none') for (const field of FILE_FIELDS) Object.assign(view, { [field]: defaultOf(field) });
  return view;
}
