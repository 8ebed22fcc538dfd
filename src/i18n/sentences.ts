/**
 * Messages said one after another (a failure, then why), as each language writes them: Japanese
 * puts nothing after its 。 (a half-width space there is a gap in the line); the other languages,
 * Korean included (it ends a sentence with "." and spaces its sentences), put one space.
 */
import type { Language } from './languages';

const SENTENCE_GAP: { readonly [L in Language]: string } = {
  en: ' ',
  de: ' ',
  es: ' ',
  fr: ' ',
  it: ' ',
  po: ' ',
  pt: ' ',
  ru: ' ',
  ja: '',
  ko: ' ',
  tr: ' ',
};

/** The parts that say something, joined as `language` joins sentences. */
export function joinSentences(language: Language, ...parts: ReadonlyArray<string | null | undefined>): string {
  return parts.filter((part): part is string => Boolean(part)).join(SENTENCE_GAP[language]);
}
