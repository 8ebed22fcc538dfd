/**
 * The sign-in popup's language: the widget's own (its saved model's locale) once the flow names the
 * widget, else the browser's first language the panel speaks (`Accept-Language`, by its weights),
 * else English. Its words are the panel's catalogues (src/i18n/panel), all of them in the server.
 */
import { SOURCE_LANGUAGE, toLanguage, type Language } from '#client/i18n/languages';
import type { Catalogue } from '#client/i18n/translator';
import de from '#client/i18n/panel/de';
import { en, type PanelSource } from '#client/i18n/panel/en';
import es from '#client/i18n/panel/es';
import fr from '#client/i18n/panel/fr';
import it from '#client/i18n/panel/it';
import ja from '#client/i18n/panel/ja';
import ko from '#client/i18n/panel/ko';
import po from '#client/i18n/panel/po';
import pt from '#client/i18n/panel/pt';
import ru from '#client/i18n/panel/ru';
import tr from '#client/i18n/panel/tr';

export const CALLBACK_WORDS: Record<Language, Catalogue<PanelSource>> = { en, de, es, fr, it, po, pt, ru, ja, ko, tr };

const MAX_RANGES = 20;

/** The first language of an `Accept-Language` header the panel speaks (`pl` is Polish), by weight; null when none. */
export function acceptedLanguage(header: string | undefined): Language | null {
  const ranges = (header ?? '')
    .split(',')
    .slice(0, MAX_RANGES)
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.range !== '' && r.range !== '*' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { range } of ranges) {
    const language = toLanguage(range);
    if (language !== SOURCE_LANGUAGE || range.split('-')[0] === 'en') return language;
  }
  return null;
}

/** The popup's language: the widget's locale when known, else the browser's, else English. */
export function callbackLanguage(widgetLocale: string | null, acceptLanguage: string | undefined): Language {
  if (widgetLocale) return toLanguage(widgetLocale);
  return acceptedLanguage(acceptLanguage) ?? SOURCE_LANGUAGE;
}
