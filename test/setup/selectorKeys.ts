/**
 * What an element must have for a style rule to match it, read from the rule's selectors without
 * matching: the tag, id and classes of each selector's rightmost compound (the part that applies
 * to the element itself). An element that lacks them cannot match, so the rule is not matched
 * against it at all; the rules an element may match are still matched by jsdom's own engine.
 *
 * Only plain selectors are read: one with an escape, a namespace or anything unexpected gives no
 * keys, and its rule is matched against every element, as jsdom does.
 */

/** The rightmost compound of one selector: its tag (lower-cased), id and classes (lower-cased). */
export interface SelectorKeys {
  tag: string | null;
  id: string | null;
  classes: string[];
}

/** The keys of each selector of a list, or null when one of them cannot be read plainly. */
export function selectorKeys(selectorText: string): SelectorKeys[] | null {
  const selectors = splitList(selectorText);
  if (!selectors) return null;
  const keys: SelectorKeys[] = [];
  for (const selector of selectors) {
    const compound = rightmostCompound(selector);
    const read = compound === null ? null : compoundKeys(compound);
    if (!read) return null;
    keys.push(read);
  }
  return keys;
}

/** Whether an element with this tag, id and classes may match a selector of the list. */
export function mayMatch(keys: readonly SelectorKeys[], tag: string, id: string, classes: ReadonlySet<string>): boolean {
  return keys.some((k) => (k.tag === null || k.tag === tag) && (k.id === null || k.id === id) && k.classes.every((c) => classes.has(c)));
}

/**
 * The keys of an element as the selector engine (nwsapi) compares them: the local name, the id
 * attribute as a string (nwsapi tests a regular expression against it, so a missing one reads
 * "null"), and the class attribute's words split at any white space, compared without case (a
 * superset of what nwsapi accepts in either mode).
 */
export function elementKeys(element: Element): { tag: string; id: string; classes: Set<string> } {
  const classes = new Set(String(element.getAttribute('class')).toLowerCase().split(/\s+/));
  return { tag: element.localName.toLowerCase(), id: String(element.getAttribute('id')), classes };
}

/** Splits a selector list at its top-level commas; null if it holds an escape or an open quote. */
function splitList(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '\\') return null;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quote || depth !== 0) return null;
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

const COMBINATOR = /[\s>+~]/;

/** The compound after a selector's last top-level combinator. */
function rightmostCompound(selector: string): string | null {
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const ch = selector[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (depth === 0 && COMBINATOR.test(ch)) start = i + 1;
  }
  const compound = selector.slice(start);
  return compound === '' ? null : compound;
}

const IDENT = /^-?[_a-zA-Z\u0080-\uffff][-_a-zA-Z0-9\u0080-\uffff]*/;

/** Reads `tag#id.class[attr]:pseudo(…)`; attributes and pseudo-classes add no key. */
function compoundKeys(compound: string): SelectorKeys | null {
  const keys: SelectorKeys = { tag: null, id: null, classes: [] };
  let rest = compound;
  const ident = () => {
    const match = IDENT.exec(rest);
    if (!match) return null;
    rest = rest.slice(match[0].length);
    return match[0];
  };
  if (rest[0] === '*') rest = rest.slice(1);
  else if (IDENT.test(rest)) keys.tag = ident()!.toLowerCase();
  if (rest[0] === '|') return null;
  while (rest !== '') {
    const sigil = rest[0];
    rest = rest.slice(1);
    if (sigil === '#' || sigil === '.') {
      const name = ident();
      if (name === null) return null;
      if (sigil === '.') keys.classes.push(name.toLowerCase());
      else if (keys.id === null) keys.id = name;
      else return null;
    } else if (sigil === '[') {
      const end = closing(rest, '[', ']');
      if (end < 0) return null;
      rest = rest.slice(end + 1);
    } else if (sigil === ':') {
      if (rest[0] === ':') rest = rest.slice(1);
      if (ident() === null) return null;
      if (rest[0] === '(') {
        const end = closing(rest.slice(1), '(', ')');
        if (end < 0) return null;
        rest = rest.slice(end + 2);
      }
    } else return null;
  }
  return keys;
}

/** The index of the bracket that closes one already open (quotes and nesting respected), or -1. */
function closing(text: string, open: string, close: string): number {
  let depth = 1;
  let quote = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === open) depth += 1;
    else if (ch === close && (depth -= 1) === 0) return i;
  }
  return -1;
}
