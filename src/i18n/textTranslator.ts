/**
 * A translator for a catalogue of plain texts (no plural messages, no numbers), such as the
 * widget's: it leaves the plural rules and number formats of ./translator out of the page.
 */
import { languageTag, type Language } from './languages';
import type { Catalogue, Translator } from './translator';

export type TextSource = Readonly<Record<string, string>>;

export function createTextTranslator<S extends TextSource>(language: Language, messages: Catalogue<S>): Translator<S> {
  const lookup = messages as Readonly<Record<string, string>>;
  return {
    language,
    tag: languageTag(language),
    t(key, ...args) {
      const vars = (args[0] ?? {}) as Record<string, string | number>;
      return (lookup[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole));
    },
  };
}
