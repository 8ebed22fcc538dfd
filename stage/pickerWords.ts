/**
 * The language and words of the stage's Picker page (mirage/pickerPage.ts): the locale in its address
 * when it is one of the panel's languages, else the browser's first one, else English (as the
 * server's Picker page chooses); its own words from the panel's catalogues, as the server's page has
 * them, and the Picker's (which Google's Picker says in the language given to `setLocale`; a missing
 * language does not compile).
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

const PANEL: Record<Language, Catalogue<PanelSource>> = { en, de, es, fr, it, po, pt, ru, ja, ko, tr };

type PickerOwnWords = Pick<PickerWords, 'back' | 'open' | 'select' | 'openLabel' | 'selectLabel'>;

const PICKER: Record<Language, PickerOwnWords> = {
  en: { back: 'Back', open: 'Open', select: 'Select', openLabel: 'Open {name}', selectLabel: 'Select {name}' },
  de: { back: 'Zurück', open: 'Öffnen', select: 'Auswählen', openLabel: '{name} öffnen', selectLabel: '{name} auswählen' },
  es: { back: 'Atrás', open: 'Abrir', select: 'Seleccionar', openLabel: 'Abrir {name}', selectLabel: 'Seleccionar {name}' },
  fr: { back: 'Retour', open: 'Ouvrir', select: 'Sélectionner', openLabel: 'Ouvrir {name}', selectLabel: 'Sélectionner {name}' },
  it: { back: 'Indietro', open: 'Apri', select: 'Seleziona', openLabel: 'Apri {name}', selectLabel: 'Seleziona {name}' },
  po: { back: 'Wstecz', open: 'Otwórz', select: 'Wybierz', openLabel: 'Otwórz {name}', selectLabel: 'Wybierz {name}' },
  pt: { back: 'Voltar', open: 'Abrir', select: 'Selecionar', openLabel: 'Abrir {name}', selectLabel: 'Selecionar {name}' },
  ru: { back: 'Назад', open: 'Открыть', select: 'Выбрать', openLabel: 'Открыть {name}', selectLabel: 'Выбрать {name}' },
  ja: { back: '戻る', open: '開く', select: '選択', openLabel: '{name} を開く', selectLabel: '{name} を選択' },
  ko: { back: '뒤로', open: '열기', select: '선택', openLabel: '{name} 열기', selectLabel: '{name} 선택' },
  tr: { back: 'Geri', open: 'Aç', select: 'Seç', openLabel: '{name} öğesini aç', selectLabel: '{name} öğesini seç' },
};

/** The page's words in `language`. */
export function pickerWords(language: Language): PickerWords {
  const panel = PANEL[language];
  const text = (key: keyof PanelSource): string => {
    const value = panel[key];
    return typeof value === 'string' ? value : '';
  };
  return {
    ...PICKER[language],
    title: text('picker.title'),
    myDrive: text('files.root'),
    cancel: text('common.cancel'),
    empty: text('files.empty'),
    failed: text('picker.failed'),
  };
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
