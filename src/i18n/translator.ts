/**
 * Messages and how they become text. A message is a string with `{name}` placeholders, or a
 * plural message: one string per plural category (CLDR: zero, one, two, few, many, other) that
 * the language uses, chosen with Intl.PluralRules for `{count}`. Numbers are formatted in the
 * language (1 234, 1.234, 1,234). Dates and title order: ./format.
 */
import { numberFormat, pluralRules } from './format';
import { languageTag, type Language } from './languages';

type PluralCategory = Intl.LDMLPluralRule;
type PluralMessage = { readonly other: string } & { readonly [C in Exclude<PluralCategory, 'other'>]?: string };
export type Message = string | PluralMessage;
export type Source = Readonly<Record<string, Message>>;

/** A translation of a source catalogue: every key of the source and no other, plural where the source is. */
export type Catalogue<S extends Source> = { readonly [K in keyof S]: S[K] extends string ? string : PluralMessage };

type PlaceholdersIn<T> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersIn<Rest> : never;
type Placeholders<M> = M extends string ? PlaceholdersIn<M> : M extends PluralMessage ? 'count' | PlaceholdersIn<M[keyof M] & string> : never;

/** The values a message needs: every placeholder of the English source (`count` is a number). */
type Vars<M> = { [P in Placeholders<M>]: P extends 'count' ? number : string | number };
type VarsArg<M> = [Placeholders<M>] extends [never] ? [] : [vars: Vars<M>];

export interface Translator<S extends Source> {
  readonly language: Language;
  readonly tag: string;
  t<K extends keyof S & string>(key: K, ...vars: VarsArg<S[K]>): string;
}

function pluralFormOf(message: PluralMessage, language: Language, count: number): string {
  const category = pluralRules(language).select(count);
  return message[category] ?? message.other;
}

function fillPlaceholders(template: string, vars: Readonly<Record<string, string | number>>, language: Language): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat(language).format(value) : value;
  });
}

export function createTranslator<S extends Source>(language: Language, messages: Catalogue<S>): Translator<S> {
  const lookup = messages as Readonly<Record<string, Message>>;
  return {
    language,
    tag: languageTag(language),
    t(key, ...args) {
      const vars = (args[0] ?? {}) as Record<string, string | number>;
      const message = lookup[key] ?? key;
      const template = typeof message === 'string' ? message : pluralFormOf(message, language, Number(vars.count));
      return fillPlaceholders(template, vars, language);
    },
  };
}
