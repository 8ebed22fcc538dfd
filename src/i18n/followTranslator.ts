/**
 * A page's translator for a language, without React: the rule of useTranslator.ts for a page that
 * draws itself (the owner's widget page). The language's catalogue is fetched on first use; until
 * it arrives the words already shown stay (no flash of English after a switch); when it cannot be
 * fetched, English is shown, and the next switch to that language tries again.
 */
import type { CatalogueSet } from './catalogueSet';
import type { Language } from './languages';
import type { Source, Translator } from './translator';

/** The words to show for `language`, now; `changed` is called when a catalogue asked for has arrived (or failed). */
export type TranslatorFollower<S extends Source> = (language: Language) => Translator<S>;

export function followTranslator<S extends Source>(catalogues: CatalogueSet<S>, changed: () => void): TranslatorFollower<S> {
  let asked: Language | undefined;
  let shown: Translator<S> = catalogues.english;
  const settle = (language: Language, translator: Translator<S>) => {
    if (asked !== language) return;
    shown = translator;
    changed();
  };
  return (language) => {
    if (language !== asked) {
      asked = language;
      if (!catalogues.get(language))
        catalogues.load(language).then(
          (translator) => settle(language, translator),
          (error: unknown) => {
            console.warn(`The ${language} texts could not be loaded; showing English.`, error);
            settle(language, catalogues.english);
          },
        );
    }
    shown = catalogues.get(language) ?? shown;
    return shown;
  };
}
