/**
 * The widget key: how the platform's current model names a widget, which has no compId. The panel
 * creates it on first open (`createWidgetKey`), stores it as a prop (an attribute) of the element,
 * and the panel and the element send it on every call as the query field `widgetKey`. With the
 * caller's instanceId it keys the widget's settings. Its form: a lower-case UUID.
 */
export const WIDGET_KEY_FIELD = 'widgetKey';
/** The element's attribute (the panel's prop) that holds the key. */
export const WIDGET_KEY_PROP = 'widget-key';

/** A widget key's form (the server's migration 009 holds the same pattern for its unique index). */
export const WIDGET_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isWidgetKey(value: unknown): value is string {
  return typeof value === 'string' && WIDGET_KEY_PATTERN.test(value);
}

/**
 * A widget key belongs to the site that first saved settings under it, deleted settings included
 * (the key is public: it is in the site's page HTML). Whether `site` is refused a save or a delete of
 * widget `widgetId` (409 `widget_key_taken`), given `holder`, the site whose settings hold it (null:
 * none yet). A legacy compId is the site's own (a duplicated site keeps its compIds): never refused.
 */
export function keyHeldByAnother(widgetId: string, site: string, holder: string | null): boolean {
  return isWidgetKey(widgetId) && holder !== null && holder !== site;
}

/** A new key: a random (version 4) UUID, from the platform's Web Crypto. */
export function createWidgetKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
