/**
 * A page's translator for a language, in React. The language's catalogue is fetched on first use;
 * until it arrives the words already on screen stay (no flash of English after a switch); when it
 * cannot be fetched, English is shown and the next use tries again.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CatalogueSet } from './catalogueSet';
import type { Language } from './languages';
import type { Source, Translator } from './translator';

export function useTranslator<S extends Source>(catalogues: CatalogueSet<S>, language: Language): Translator<S> {
  const ready = useSyncExternalStore(catalogues.subscribe, () => catalogues.get(language));
  const [failed, setFailed] = useState<Language | null>(null);
  const shown = useRef<Translator<S>>(catalogues.english);

  useEffect(() => {
    if (catalogues.get(language)) return;
    let current = true;
    catalogues.load(language).catch((error: unknown) => {
      console.warn(`The ${language} texts could not be loaded; showing English.`, error);
      if (current) setFailed(language);
    });
    return () => {
      current = false;
    };
  }, [catalogues, language]);

  if (ready) shown.current = ready;
  else if (failed === language) shown.current = catalogues.english;
  return shown.current;
}
