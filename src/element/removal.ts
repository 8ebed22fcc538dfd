/**
 * When the owner deletes the widget in the editor, its element leaves the page: if it has not come
 * back after REMOVAL_GRACE_MS (the editor moves elements by taking them out and putting them back),
 * its settings are removed on the server, with its widget key and the access token the platform
 * gave it. Only in the editor: on a visitor's page an element leaving the page means nothing. The
 * client that sends the call is fetched then, so no page ever downloads it for drawing.
 */
import { ELEMENT_ATTRIBUTES } from '../contract/elementAttributes';
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
      ({ removeSettings }) => removeSettings(widgetKey, access.apiBase, access.token),
      (error: unknown) => console.warn("Drive File Widget: the deleted widget's settings could not be removed (its client did not load).", error),
    );
  }, REMOVAL_GRACE_MS);
}
