/**
 * The element's script's first work, before the rest of it is evaluated (first.ts): each element
 * the page already holds that names a rendering (its `content` attribute, with a widget key) has
 * it asked of our server at once (earlyContent.ts), and the native chunk that draws such content
 * starts loading. The element's own draw (DriveFileWidgetElement.ts) then finds both on their way:
 * whether the rendering is shown stays its decision, with the whole model read.
 */
import { readContentAttribute } from '../contract/contentAttribute';
import { ELEMENT_ATTRIBUTES, ELEMENT_TAG_NAME } from '../contract/elementAttributeNames';
import { isWidgetKey } from '../contract/widgetKey';
import { contentUrl } from './contentUrl';
import { askEarly } from './earlyContent';

/** Asks for the rendering of each element in `doc` that names one; `loadNative` once if any does. */
export function askForPage(doc: Document, apiBase: string, loadNative: () => void): void {
  let asked = false;
  for (const element of Array.from(doc.getElementsByTagName(ELEMENT_TAG_NAME))) {
    const read = (name: string) => element.getAttribute(name);
    const reference = readContentAttribute(read);
    const widgetKey = read(ELEMENT_ATTRIBUTES.widgetKey);
    if (!reference || !isWidgetKey(widgetKey)) continue;
    askEarly(contentUrl(apiBase, widgetKey, reference));
    asked = true;
  }
  if (asked) loadNative();
}
