/**
 * The widget page's native chunk, fetched only when the server marked the page (`data-size` on
 * #root: content shown natively, or a viewer with an automatic or fixed height), so the first
 * script stays as it was for files in the drive's viewer.
 * - Takes the server-rendered content over from the page's HTML (no second copy in the page).
 * - Sizes the widget: in the legacy model, `setHeight` whenever the content's height changes
 *   (ResizeObserver), or the viewer's height (automatic by kind, or the owner's px).
 */
import type { ComponentType } from 'react';
import type { UserModel } from '../../contract/userModel';
import { automaticViewerHeight } from '../../drive/display';
import type { EditorBridge } from '../../editor/EditorBridge';
import { NATIVE_CONTENT_ID } from '../nativeContentStyle';
import type { RenderedContent } from '../nativeShown';
import { NativeWidgetView } from '../NativeWidgetView';
import type { WidgetViewProps } from '../WidgetView';

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

/** The height the widget should have now, or null to leave the host's. */
export function wantedHeight(root: HTMLElement, model: UserModel | null): number | null {
  const main = root.querySelector('main');
  if (!main || !model) return null;
  if (main.querySelector(`#${NATIVE_CONTENT_ID}`)) return Math.ceil(main.getBoundingClientRect().height);
  if (model.viewerHeight !== null) return model.viewerHeight;
  return automaticViewerHeight(model.activeFileMimeType, root.clientWidth);
}

/** Keeps the host's frame as tall as `wantedHeight`, each time the content or the frame's width changes. */
export function followHeight(bridge: EditorBridge, root: HTMLElement, model: () => UserModel | null): () => void {
  let last = -1;
  const update = () => {
    const height = wantedHeight(root, model());
    if (height === null || height === last) return;
    last = height;
    bridge.setHeight?.(height);
  };
  const observer = new ResizeObserver(update);
  observer.observe(root);
  const watchMain = () => {
    const main = root.querySelector('main');
    if (main) observer.observe(main);
  };
  const mutations = new MutationObserver(() => {
    watchMain();
    update();
  });
  mutations.observe(root, { childList: true, subtree: false });
  watchMain();
  update();
  return () => {
    observer.disconnect();
    mutations.disconnect();
  };
}
