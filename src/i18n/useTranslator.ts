/**
 * A page's translator for a language, in React. The language's catalogue is fetched on first use;
 * until it arrives the words already on screen stay (no flash of English after a switch); when it
 * cannot be fetched, English is shown, and the next switch to that language tries again.
 */
import { useEffect, useState } from 'react';
import type { CatalogueSet } from './catalogueSet';
import type { Language } from './languages';
import type { Source, Translator } from './translator';

export function useTranslator<S extends Source>(catalogues: CatalogueSet<S>, language: Language): Translator<S> {
  const [shown, setShown] = useState(() => catalogues.get(language) ?? catalogues.english);
  useEffect(() => {
    let current = true;
    catalogues.load(language).then(
      (translator) => current && setShown(translator),
      (error: unknown) => {
        console.warn(`The ${language} texts could not be loaded; showing English.`, error);
        if (current) setShown(catalogues.english);
      },
    );
    return () => {
      current = false;
    };
  }, [catalogues, language]);
  return catalogues.get(language) ?? shown;
}
