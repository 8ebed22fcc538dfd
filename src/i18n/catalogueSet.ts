/**
 * The catalogues of one page: English is bundled (the fallback and the source), every other
 * language is a separate chunk fetched the first time it is needed and kept afterwards.
 */
import { SOURCE_LANGUAGE, type Language } from './languages';
import type { Catalogue, Source, Translator } from './translator';

export type CatalogueLoaders<S extends Source> = {
  readonly [L in Exclude<Language, typeof SOURCE_LANGUAGE>]: () => Promise<{ default: Catalogue<S> }>;
};

export interface CatalogueSet<S extends Source> {
  readonly english: Translator<S>;
  /** The language's translator if its catalogue has arrived. */
  get(language: Language): Translator<S> | undefined;
  /** Fetches the catalogue once; a failed fetch rejects, and the next call tries again. */
  load(language: Language): Promise<Translator<S>>;
}

/** Makes a language's translator: ./translator's, or ./textTranslator's for plain texts. */
export type TranslatorFactory<S extends Source> = (language: Language, catalogue: Catalogue<S>) => Translator<S>;

export function createCatalogueSet<S extends Source>(
  english: Catalogue<S>,
  loaders: CatalogueLoaders<S>,
  createTranslator: TranslatorFactory<S>,
): CatalogueSet<S> {
  const englishTranslator = createTranslator(SOURCE_LANGUAGE, english);
  const loaded = new Map<Language, Translator<S>>([[SOURCE_LANGUAGE, englishTranslator]]);
  const pending = new Map<Language, Promise<Translator<S>>>();

  const load = (language: Language): Promise<Translator<S>> => {
    const ready = loaded.get(language);
    if (ready) return Promise.resolve(ready);
    let promise = pending.get(language);
    if (!promise) {
      promise = loaders[language as Exclude<Language, typeof SOURCE_LANGUAGE>]().then((module) => {
        const translator = createTranslator(language, module.default);
        loaded.set(language, translator);
        return translator;
      });
      pending.set(language, promise);
      // Settled either way: a loaded language is served from `loaded`, a failed one is tried again.
      promise.then(
        () => pending.delete(language),
        () => pending.delete(language),
      );
    }
    return promise;
  };

  return { english: englishTranslator, get: (language) => loaded.get(language), load };
}
