/**
 * The custom element's attribute names and the host's view mode (elementAttributes.ts describes
 * each attribute): a module of their own, as the element's native chunk reads them too
 * (src/element/nativeElement.ts) and the element's first script should carry them once.
 */
import { WIDGET_KEY_PROP } from './widgetKey';

/** The element's tag name, as the platform's site pages hold it. */
export const ELEMENT_TAG_NAME = 'drive-file-widget';

export const ELEMENT_ATTRIBUTES = {
  file: 'file',
  design: 'design',
  locale: 'locale',
  viewMode: 'view-mode',
  widgetKey: WIDGET_KEY_PROP,
  content: 'content',
} as const;

/** What the element draws from: attribute name → value (null when absent). */
export type AttributeReader = (name: string) => string | null;

/** The host's view mode attribute: `editor` and `preview` are the owner's; anything else a visitor's page. */
export function readViewModeAttribute(read: AttributeReader): 'editor' | 'preview' | 'site' {
  const value = read(ELEMENT_ATTRIBUTES.viewMode);
  return value === 'editor' || value === 'preview' ? value : 'site';
}
