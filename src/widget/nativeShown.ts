/**
 * Whether rendered content is shown (issue 20), decided once for the iframe page (server and
 * client) and the custom element. Small and apart from the content's styles: the element's first
 * script holds it, the styles come with its native chunk.
 */
import type { UserModel } from '../contract/userModel';
import { showsNatively } from '../drive/display';

/** The server's rendering of the file `fileId`. */
export interface RenderedContent {
  fileId: string;
  html: string;
}

/**
 * Whether `content` (a rendering, or the element's reference to one) is shown for `model`: its
 * file, shown as part of the page, and never a private file to a visitor.
 */
export function nativeShown<C extends { fileId: string }>(model: UserModel | null, content: C | null, isOwner: boolean): content is C {
  if (!model || !content || model.activeFileId !== content.fileId) return false;
  if (!isOwner && model.activeFilePerm === 'none') return false;
  return showsNatively(model.display, model.activeFileMimeType);
}
