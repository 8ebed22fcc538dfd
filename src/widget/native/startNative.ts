/**
 * The widget page's native chunk, fetched only when the server marked the page (`data-size` on
 * #root: content shown natively, or a viewer with an automatic or fixed height), so the first
 * script stays as it was for files in the drive's viewer.
 * - Takes the server-rendered content over from the page's HTML (no second copy in the page).
 * - Sizes the widget (followHeight.ts, shared with the visitor's page).
 */
import { NATIVE_CONTENT_ID } from '../nativeContentId';
import { drawWidgetWith } from '../nativeDrawing';
import type { RenderedContent } from '../nativeShown';
import type { OwnerView } from '../ownerPage';
import { enhanceSheets } from '../sheetTabs';
import { enhanceDecks } from '../slideDeck';

export { followHeight } from '../followHeight';

/** The content the server rendered into the page, read back from it. */
export function renderedContentOf(doc: Document): RenderedContent | null {
  const article = doc.getElementById(NATIVE_CONTENT_ID);
  const fileId = article?.closest('main')?.getAttribute('data-file-id');
  return article && fileId ? { fileId, html: article.innerHTML } : null;
}

/**
 * The rendering's markup as nodes: the server's own sanitized rendering, read back from this very
 * page (renderedContentOf), with the widget's words in its links (moreLinks.ts): parsed as
 * `innerHTML` parses (a template's content, inert until drawn in: no script runs).
 */
function contentNodes(html: string, into: HTMLElement): Node {
  const template = into.ownerDocument.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/**
 * A spreadsheet's sheets as tabs (sheetTabs.ts), a presentation one slide at a time when the owner
 * chose so (slideDeck.ts), after every draw that shows the content: the page taken over, a new
 * rendering, the content shown again or the setting changed (a list already turned is left as it is).
 */
function enhance(root: HTMLElement): void {
  const article = root.querySelector<HTMLElement>(`#${NATIVE_CONTENT_ID}`);
  if (!article) return;
  enhanceSheets(article);
  enhanceDecks(article);
}

/**
 * What the owner's page draws: the page's own content as part of the page while the model still
 * shows that file so (nativeDrawing.ts), else the viewer or a note.
 */
export function nativeViewOf(content: RenderedContent | null): OwnerView {
  return { draw: (input) => drawWidgetWith({ ...input, content }), content: contentNodes, drawn: enhance };
}
