/**
 * What the widget shows for a model, decided once for every rendering of it (drawing.ts): the
 * iframe page's (rendered by the server, drawn again by the owner's page) and the custom
 * element's. A note is its text's key; null is nothing at all (a visitor's page with nothing to
 * show). Written small: it is part of the widget page's first script.
 */
import type { UserModel } from '../contract/userModel';
import type { ViewMode } from '../editor/EditorBridge';
import { embedUrl } from '../drive/embed';
import { isValidFileId } from '../contract/fileId';
import { languageTag, toLanguage } from '../i18n/languages';
import type { WidgetSource } from '../i18n/widget/en';

/**
 * What went wrong, as a code: the drawing turns it into words in the owner's language. Here, not
 * in the controller, so the server's rendering of the widget reaches no client code.
 */
export type WidgetError = 'loadFailed';

/** The words of a note: every widget word but a presentation's controls (slideDeck.ts) and the link to the rest in the drive (moreLinks.ts). */
export type NoteText = Exclude<keyof WidgetSource, 'widget.previousSlide' | 'widget.nextSlide' | 'widget.slidePosition' | `widget.more${string}`>;

/** The file's viewer (`url`), with the owner's private-file hint beside it when `privateNote`. */
export interface FileContent {
  url: string;
  privateNote: boolean;
}

export type WidgetContent = NoteText | FileContent | null;

/** How a note is announced: a failure as an alert, loading and the private-file hint as a status. */
export const noteRole = (note: NoteText) => (note === 'widget.loadFailed' ? 'alert' : note === 'widget.chooseFile' ? undefined : 'status');

/**
 * Only the editor (and its preview) shows the owner's hints; outside any editor the page is a
 * visitor's. `fileHidden`: a private file was chosen but not named (the element's attributes never
 * name a private file): the owner sees the private-file hint, a visitor nothing.
 */
export function widgetContent(model: UserModel | null, viewMode: ViewMode, error: unknown, fileHidden?: boolean): WidgetContent {
  const owner = viewMode === 'editor' || viewMode === 'preview';
  if (error || !model) return error ? (owner ? 'widget.loadFailed' : null) : 'widget.loading';
  const file = model.activeFileId;
  if (fileHidden || !file || !model.activeFileMimeType || !isValidFileId(file)) return owner ? (fileHidden ? 'widget.privateFile' : 'widget.chooseFile') : null;
  const isPrivate = model.activeFilePerm === 'none';
  // The drive's viewer follows the owner's chosen language, as the stored code's BCP 47 tag.
  return isPrivate && !owner
    ? null
    : {
        url: embedUrl(file, model.activeFileMimeType, model.activeFilePerm, languageTag(toLanguage(model.locale)), model.activeFileResourceKey),
        privateNote: isPrivate,
      };
}
