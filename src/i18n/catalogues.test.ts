/**
 * Every catalogue against its English source: the same keys, a real translation, the same
 * placeholders, and every plural category the language's rules need.
 *
 * @jest-environment node
 */
import type { CatalogueLoaders } from './catalogueSet';
import { LANGUAGES, SOURCE_LANGUAGE, languageTag, type Language } from './languages';
import { en as panelEnglish } from './panel/en';
import { panelLoaders } from './panel/catalogues';
import type { Message, Source } from './translator';
import { en as widgetEnglish } from './widget/en';
import { widgetLoaders } from './widget/catalogues';

type Translated = Exclude<Language, typeof SOURCE_LANGUAGE>;
const TRANSLATED = LANGUAGES.filter((l): l is Translated => l !== SOURCE_LANGUAGE);

/** Texts that really are the same word as in English, by key: the only ones allowed to be. */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly Language[]>> = {
  'common.ok': ['de', 'fr', 'it', 'po', 'pt', 'ja'],
  'kind.pdf': TRANSLATED,
  'files.col.title': ['de'], // Name
  'kind.folder': ['po'], // folder
  'kind.form': ['tr'], // form
  'kind.file': ['it'], // file
  'tabs.design': ['de', 'fr', 'it', 'pt'], // Design
  'tabs.text': ['de'], // Text
  'text.font': ['it'], // Font
  'text.style': ['fr'], // Style
  'text.preset.Menu': ['fr', 'it', 'po', 'pt'], // Menu
  // Only placeholders, punctuation and units: French spaces with a non-breaking space, Japanese and Korean differ.
  'color.current': ['de', 'es', 'it', 'po', 'pt', 'ru', 'ko', 'tr'],
  'text.fontSummary': ['de', 'es', 'it', 'po', 'pt', 'ru', 'tr'],
};

const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
const formsOf = (message: Message): string[] => (typeof message === 'string' ? [message] : Object.values(message));
const englishPlaceholders = (message: Message): string[] => [...new Set(formsOf(message).flatMap(placeholdersOf))].sort();

async function catalogueOf<S extends Source>(loaders: CatalogueLoaders<S>, language: Translated): Promise<Record<string, Message>> {
  return (await loaders[language]()).default as Record<string, Message>;
}

describe.each([
  ['panel', panelEnglish as Source, panelLoaders as CatalogueLoaders<Source>],
  ['widget', widgetEnglish as Source, widgetLoaders as CatalogueLoaders<Source>],
])('the %s catalogues', (_name, english, loaders) => {
  const englishKeys = Object.keys(english).sort();

  describe.each(TRANSLATED)('%s', (language) => {
    let catalogue: Record<string, Message>;
    beforeAll(async () => {
      catalogue = await catalogueOf(loaders, language);
    });

    it('has every English key and no other', () => {
      const keys = Object.keys(catalogue);
      expect({ missing: englishKeys.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !(k in english)) }).toEqual({ missing: [], extra: [] });
    });

    it('translates every text (except the allowed same words)', () => {
      const untranslated = englishKeys.filter(
        (key) => JSON.stringify(catalogue[key]) === JSON.stringify(english[key]) && !SAME_AS_ENGLISH[key]?.includes(language),
      );
      expect(untranslated).toEqual([]);
    });

    it('keeps every placeholder of the English text in every form, and adds none', () => {
      const wrong = englishKeys.flatMap((key) =>
        (key in catalogue ? formsOf(catalogue[key]!) : [])
          .filter(
            (form) => JSON.stringify(placeholdersOf(form).filter((p, i, all) => all.indexOf(p) === i)) !== JSON.stringify(englishPlaceholders(english[key]!)),
          )
          .map((form) => `${key}: ${form}`),
      );
      expect(wrong).toEqual([]);
    });

    it('gives a plural message every category the language needs (Intl.PluralRules), and only those', () => {
      const needed = [...new Intl.PluralRules(languageTag(language)).resolvedOptions().pluralCategories].sort();
      const wrong = englishKeys.flatMap((key) => {
        const message = catalogue[key];
        if (message === undefined) return []; // reported as a missing key
        const englishIsPlural = typeof english[key] !== 'string';
        if (typeof message === 'string') return englishIsPlural ? [`${key}: not a plural message`] : [];
        if (!englishIsPlural) return [`${key}: plural where English is not`];
        const has = Object.keys(message).sort();
        return JSON.stringify(has) === JSON.stringify(needed) ? [] : [`${key}: has ${has.join(',')}, needs ${needed.join(',')}`];
      });
      expect(wrong).toEqual([]);
    });
  });

  it('English plural messages have the categories English needs', () => {
    for (const message of Object.values(english)) {
      if (typeof message !== 'string') expect(Object.keys(message).sort()).toEqual(['one', 'other']);
    }
  });
});
