/** The widget's sentences, from the message catalogue (src/i18n), in the site's language. */
export { translateWidget as widgetText, type WidgetMessageKey } from '../i18n/widgetMessages';
