/** The widget's sentences, from the message catalogue (src/i18n), in the site's language. */
import { translate, type MessageKey } from '../i18n/messages';

export type WidgetMessageKey = Extract<MessageKey, `widget.${string}`>;

export function widgetText(locale: string, key: WidgetMessageKey): string {
  return translate(locale, key);
}
