/**
 * What the widget shows for a model, decided once for both of its renderings: the iframe page's
 * React view (WidgetView.tsx, also rendered on the server) and the custom element's DOM
 * (src/element). Null: nothing at all (a visitor's page with nothing to show).
 */
import type { UserModel } from '../contract/userModel';
import type { ViewMode } from '../editor/EditorBridge';
import { embedUrl } from '../drive/embed';
import { isValidFileId } from '../contract/fileId';
import { languageTag, toLanguage } from '../i18n/languages';
import type { WidgetSource } from '../i18n/widget/en';

export type NoteText = keyof WidgetSource;

/** A note in the owner's language; `role` as the note is announced. */
export interface NoteContent {
  note: NoteText;
  role?: 'alert' | 'status';
}

/** The file's viewer (`url`), with the owner's private-file hint beside it when `privateNote`. */
export interface FileContent {
  model: UserModel;
  url: string;
  privateNote: boolean;
}

export type WidgetContent = NoteContent | FileContent | null;

/** Only the editor (and its preview) shows the owner's hints; outside any editor the page is a visitor's. */
export const isOwnerView = (viewMode: ViewMode): boolean => viewMode === 'editor' || viewMode === 'preview';

/**
 * `fileHidden`: a private file was chosen but not named (the element's attributes never name a
 * private file): the owner sees the private-file hint, a visitor nothing.
 */
export function widgetContent(model: UserModel | null, viewMode: ViewMode, error: unknown, fileHidden = false): WidgetContent {
  const owner = isOwnerView(viewMode);
  if (error) return owner ? { note: 'widget.loadFailed', role: 'alert' } : null;
  if (!model) return { note: 'widget.loading', role: 'status' };
  if (fileHidden) return owner ? { note: 'widget.privateFile', role: 'status' } : null;
  if (!model.activeFileId || !model.activeFileMimeType || !isValidFileId(model.activeFileId)) return owner ? { note: 'widget.chooseFile' } : null;
  const isPrivate = model.activeFilePerm === 'none';
  if (isPrivate && !owner) return null;
  // The drive's viewer follows the owner's chosen language, as the stored code's BCP 47 tag.
  const hl = languageTag(toLanguage(model.locale));
  return { model, url: embedUrl(model.activeFileId, model.activeFileMimeType, model.activeFilePerm, hl), privateNote: isPrivate };
}
