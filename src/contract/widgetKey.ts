/**
 * The widget key: how the platform's current model names a widget, which has no compId. The panel
 * creates it on first open (`createWidgetKey`), stores it as a prop (an attribute) of the element,
 * and the panel and the element send it on every call as the query field `widgetKey`. With the
 * caller's instanceId it keys the widget's settings. Its form: a lower-case UUID.
 */
export const WIDGET_KEY_FIELD = 'widgetKey';
/** The element's attribute (the panel's prop) that holds the key. */
export const WIDGET_KEY_PROP = 'widget-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isWidgetKey(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A new key: a random (version 4) UUID, from the platform's Web Crypto. */
export function createWidgetKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
