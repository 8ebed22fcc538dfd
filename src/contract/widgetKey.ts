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

/** A new key (a random UUID, from the platform's Web Crypto). */
export function createWidgetKey(): string {
  return globalThis.crypto.randomUUID();
}
