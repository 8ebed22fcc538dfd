/**
 * The legacy widget's height (issue 20), without React: the owner's page (its native chunk) and
 * the visitor's page (src/widget/visitor) both keep the host's frame as tall as the widget wants:
 * `setHeight` whenever the content's height changes (ResizeObserver), or the viewer's height
 * (automatic by kind, or the owner's px).
 */
import type { UserModel } from '../contract/userModel';
import { automaticViewerHeight } from '../drive/display';
import type { EditorBridge } from '../editor/EditorBridge';
import { NATIVE_CONTENT_ID } from './nativeContentId';

/** The height the widget should have now, or null to leave the host's. */
export function wantedHeight(root: HTMLElement, model: UserModel | null): number | null {
  const main = root.querySelector('main');
  if (!main || !model) return null;
  if (main.querySelector(`#${NATIVE_CONTENT_ID}`)) return Math.ceil(main.getBoundingClientRect().height);
  if (model.viewerHeight !== null) return model.viewerHeight;
  return automaticViewerHeight(model.activeFileMimeType, root.clientWidth);
}

/** Keeps the host's frame as tall as `wantedHeight`, each time the content or the frame's width changes. */
export function followHeight(bridge: Pick<EditorBridge, 'setHeight'>, root: HTMLElement, model: () => UserModel | null): () => void {
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
