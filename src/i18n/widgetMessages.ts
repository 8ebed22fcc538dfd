/**
 * The widget's sentences: part of the message catalogue (messages.ts merges them in), kept in
 * their own module so the widget's first bundle does not carry the panel's words. Other languages
 * add their widget entries to `widgetCatalogues`.
 */
export const widgetEn = {
  'widget.loading': 'Loading…',
  'widget.loadFailed': 'The file could not be loaded. It will show again once the connection is back.',
  'widget.chooseFile': 'Open the settings to choose a file from your drive.',
  'widget.privateFile': 'This file is private: visitors to your site will not see it. Share it in the settings.',
  'widget.fileTitle': 'Drive file',
} as const;

export type WidgetMessageKey = keyof typeof widgetEn;

export const widgetCatalogues: Record<string, Partial<Record<WidgetMessageKey, string>>> = { en: widgetEn };

export function translateWidget(locale: string, key: WidgetMessageKey): string {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return widgetCatalogues[language]?.[key] ?? widgetEn[key];
}
