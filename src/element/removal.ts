/**
 * When the owner deletes the widget in the editor, its element leaves the page: if it has not come
 * back after REMOVAL_GRACE_MS (the editor moves elements by taking them out and putting them back),
 * its settings are removed on the server, with its widget key and the access token the platform
 * gave it. Only in the editor: on a visitor's page an element leaving the page means nothing. The
 * client that sends the call is fetched then, so no page ever downloads it for drawing.
 */
import { ELEMENT_ATTRIBUTES, ELEMENT_TAG_NAME } from '../contract/elementAttributes';
import { ELEMENT_PAGE_SITE, pendingDeletesKey } from '../contract/pendingDeletesKey';
import { isWidgetKey } from '../contract/widgetKey';
import type { AccessTokenSource } from './accessToken';

export const REMOVAL_GRACE_MS = 1000;

export interface RemovalAccess {
  /** Our server's origin ('' for the page's own). */
  apiBase: string;
  /** The owner's access token, asked for at each attempt. */
  token: AccessTokenSource;
}

export function scheduleRemovalIfGone(element: HTMLElement, viewMode: string, access: RemovalAccess): void {
  if (viewMode !== 'editor') return;
  const widgetKey = element.getAttribute(ELEMENT_ATTRIBUTES.widgetKey);
  if (!isWidgetKey(widgetKey)) return;
  setTimeout(() => {
    if (element.isConnected) return;
    import(/* webpackChunkName: "element-removal" */ './removeSettings').then(
      ({ removeSettings, elementPendingDeletes }) =>
        removeSettings(widgetKey, access.apiBase, access.token, { pending: elementPendingDeletes(), widget: widgetKey }),
      (error: unknown) => console.warn("Drive File Widget: the deleted widget's settings could not be removed (its client did not load).", error),
    );
  }, REMOVAL_GRACE_MS);
}

let finishing = false;

/** Whether the page keeps pending deletes (localStorage may be refused: then it keeps none). */
function hasPending(): boolean {
  try {
    return Boolean(window.localStorage.getItem(pendingDeletesKey(ELEMENT_PAGE_SITE)));
  } catch {
    return false;
  }
}

/** Whether an element of `widgetKey` is on the page. */
const isLive = (doc: Document) => (widgetKey: string) =>
  Array.from(doc.querySelectorAll(ELEMENT_TAG_NAME)).some((el) => el.isConnected && el.getAttribute(ELEMENT_ATTRIBUTES.widgetKey) === widgetKey);

/**
 * In the editor, the first element of the page sends the deletes earlier elements did not live to
 * finish, with its own token; the removal chunk is fetched only when there are some.
 */
export function finishPendingRemovals(element: HTMLElement, viewMode: string, access: RemovalAccess): void {
  if (viewMode !== 'editor' || finishing || !hasPending()) return;
  finishing = true;
  // After the grace: the platform has handed the token, and the page's elements are all in.
  setTimeout(() => {
    import(/* webpackChunkName: "element-removal" */ './removeSettings').then(
      ({ finishElementPendingDeletes }) => finishElementPendingDeletes(isLive(element.ownerDocument), access.apiBase, access.token),
      (error: unknown) => console.warn("Drive File Widget: the site's pending deletes could not be sent (their client did not load).", error),
    );
  }, REMOVAL_GRACE_MS);
}
