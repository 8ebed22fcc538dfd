/**
 * The widget page's native chunk, fetched only when the server marked the page (`data-size` on
 * #root: content shown natively, or a viewer with an automatic or fixed height), so the first
 * script stays as it was for files in the drive's viewer.
 * - Takes the server-rendered content over from the page's HTML (no second copy in the page).
 * - Sizes the widget (followHeight.ts, shared with the visitor's page).
 */
import type { ComponentType } from 'react';
import { NATIVE_CONTENT_ID } from '../nativeContentId';
import type { RenderedContent } from '../nativeShown';
import { NativeWidgetView } from '../NativeWidgetView';
import type { WidgetViewProps } from '../WidgetView';

export { followHeight, wantedHeight } from '../followHeight';

/** The content the server rendered into the page, read back from it. */
export function renderedContentOf(doc: Document): RenderedContent | null {
  const article = doc.getElementById(NATIVE_CONTENT_ID);
  const fileId = article?.closest('main')?.getAttribute('data-file-id');
  return article && fileId ? { fileId, html: article.innerHTML } : null;
}

/** The view to hydrate the page with: the native view over the page's own content. */
export function nativeViewOf(content: RenderedContent | null): ComponentType<WidgetViewProps> {
  return function NativeView(props: WidgetViewProps) {
    return <NativeWidgetView {...props} content={content} />;
  };
}
