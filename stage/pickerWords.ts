/**
 * The language and words of the stage's Picker page (mirage/pickerPage.ts): the locale in its address
 * when it is one of the panel's languages, else the browser's first one, else English (as the
 * server's Picker page chooses); its own words from the panel's catalogues, as the server's page has
 * them, and the Picker's as the fake provider's Picker says them (server/dev/fakeDrive/pickerWords.ts).
 */
import { languageTag, SOURCE_LANGUAGE, spokenLanguage, type Language } from '../src/i18n/languages';
import type { Catalogue } from '../src/i18n/translator';
import de from '../src/i18n/panel/de';
import { en, type PanelSource } from '../src/i18n/panel/en';
import es from '../src/i18n/panel/es';
import fr from '../src/i18n/panel/fr';
import it from '../src/i18n/panel/it';
import ja from '../src/i18n/panel/ja';
import ko from '../src/i18n/panel/ko';
import po from '../src/i18n/panel/po';
import pt from '../src/i18n/panel/pt';
import ru from '../src/i18n/panel/ru';
import tr from '../src/i18n/panel/tr';
import type { PickerPageText, PickerWords } from '../mirage/pickerPage';
import { fakePickerWords } from '../server/dev/fakeDrive/pickerWords';

const PANEL: Record<Language, Catalogue<PanelSource>> = { en, de, es, fr, it, po, pt, ru, ja, ko, tr };

/** The page's words in `language`. */
export function pickerWords(language: Language): PickerWords {
  const panel = PANEL[language];
  const text = (key: keyof PanelSource): string => {
    const value = panel[key];
    return typeof value === 'string' ? value : '';
  };
  const { title: _pickerTitle, ...picker } = fakePickerWords(language);
  return { ...picker, title: text('picker.title'), empty: text('files.empty'), failed: text('picker.failed') };
}

/** The language the page speaks: the locale the panel sent when the panel speaks it, else the browser's first one it speaks, else English. */
export function pageLanguage(locale: string | null, browserLanguages: readonly string[]): Language {
  return [locale, ...browserLanguages].map(spokenLanguage).find((l) => l !== null) ?? SOURCE_LANGUAGE;
}

/** The page's `lang` and words for the locale in its address and the browser's languages. */
export function pickerPageText(locale: string | null, browserLanguages: readonly string[]): PickerPageText {
  const language = pageLanguage(locale, browserLanguages);
  return { lang: languageTag(language), words: pickerWords(language) };
}
