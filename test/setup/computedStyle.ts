/**
 * jsdom's getComputedStyle, computed the way jsdom 20 computes it, but once per element between
 * two DOM mutations (or focus changes), where the answer cannot change.
 *
 * jsdom matches the element against every rule of its default stylesheet and ours, and then, for
 * the inherited `visibility`, matches every ancestor the same way again; Testing Library's role
 * queries call it for every element, its ancestors and its descendants, again on every waitFor
 * poll. Here the matching rules and the visibility of each element are kept for the current
 * state of the document, so an ancestor is matched once, not once per descendant; and a rule is
 * only matched against an element that has the tag, id and classes its selectors ask of the
 * element itself (selectorKeys.ts), as browsers sort rules before matching. Elements with the
 * same rules, visibility and own style share one (read-only) declaration.
 *
 * The algorithm is jsdom's (lib/jsdom/browser/Window.js, getComputedStyle, and
 * lib/jsdom/living/helpers/style-rules.js): the declarations of the matching rules in order, the
 * resolved `visibility`, then the element's own style. test/setup/computedStyle.test.tsx checks
 * that both give the same answers on the whole settings panel.
 */
import { elementKeys, mayMatch, selectorKeys, type SelectorKeys } from './selectorKeys';

type StyleRule = { selectorText?: string; style: CSSStyleDeclaration };
type SheetRule = StyleRule & { media?: ArrayLike<string>; cssRules?: ArrayLike<StyleRule> };
type Sheet = { cssRules: ArrayLike<SheetRule> };

let defaultStyleSheet: Sheet | undefined;
/** jsdom's default stylesheet, parsed as jsdom parses it (read when first needed). */
function defaultSheet(): Sheet {
  if (!defaultStyleSheet) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const cssom = require('cssom') as { parse(text: string): Sheet };
    // jsdom 20, the test environment's own (the server's jsdom 29 is the project's top-level one).
    const environment = require.resolve('jest-environment-jsdom/package.json');
    defaultStyleSheet = cssom.parse(
      require(require.resolve('jsdom/lib/jsdom/browser/default-stylesheet', { paths: [environment.replace(/package\.json$/, '')] })) as string,
    );
    /* eslint-enable @typescript-eslint/no-require-imports */
  }
  return defaultStyleSheet;
}

/** Each rule's selector keys (null: match it against every element), read once per rule. */
const keysOfRule = new WeakMap<StyleRule, { selectorText: string; keys: SelectorKeys[] | null }>();
/** Selectors jsdom's engine cannot read: they match nothing (jsdom matches without throwing). */
const unreadable = new Set<string>();

function ruleKeys(rule: StyleRule): SelectorKeys[] | null {
  const selectorText = rule.selectorText;
  // Not a style rule (@keyframes, @font-face…): matched as jsdom matches it.
  if (typeof selectorText !== 'string') return null;
  let known = keysOfRule.get(rule);
  if (known?.selectorText !== selectorText) keysOfRule.set(rule, (known = { selectorText, keys: selectorKeys(selectorText) }));
  return known.keys;
}

function matches(element: Element, rule: StyleRule): boolean {
  const selectorText = rule.selectorText as string;
  if (unreadable.has(selectorText)) return false;
  try {
    return element.matches(selectorText);
  } catch {
    unreadable.add(selectorText);
    return false;
  }
}

/** jsdom's own getComputedStyle, once the cache is installed (for the test that compares both). */
export let jsdomGetComputedStyle: Window['getComputedStyle'] | undefined;

export function installComputedStyleCache(window: Window & typeof globalThis): void {
  const original = window.getComputedStyle.bind(window);
  // The declaration class jsdom's own styles are made of (cssstyle's, as jsdom loads it).
  const StyleDeclaration = window.document.documentElement.style.constructor as new () => CSSStyleDeclaration;
  jsdomGetComputedStyle = original;
  const document = window.document;
  let rulesOf = new WeakMap<Element, StyleRule[]>();
  let visibilityOf = new WeakMap<Element, string>();
  let stylesOf = new WeakMap<Element, CSSStyleDeclaration>();
  let pseudoStylesOf = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  let focused: Element | null = null;
  const forget = () => {
    rulesOf = new WeakMap();
    visibilityOf = new WeakMap();
    stylesOf = new WeakMap();
    pseudoStylesOf = new WeakMap();
  };
  const observer = new MutationObserver(forget);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  function matchingRules(element: Element): StyleRule[] {
    let rules = rulesOf.get(element);
    if (rules) return rules;
    rules = [];
    const found = rules;
    const { tag, id, classes } = elementKeys(element);
    const consider = (rule: StyleRule) => {
      const keys = ruleKeys(rule);
      if ((keys === null || mayMatch(keys, tag, id, classes)) && matches(element, rule)) found.push(rule);
    };
    const handleSheet = (sheet: Sheet) => {
      for (const rule of Array.from(sheet.cssRules)) {
        if (rule.media) {
          if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) for (const inner of Array.from(rule.cssRules ?? [])) consider(inner);
        } else consider(rule);
      }
    };
    handleSheet(defaultSheet());
    for (const sheet of Array.from(document.styleSheets)) handleSheet(sheet as unknown as Sheet);
    rulesOf.set(element, rules);
    return rules;
  }

  /** The cascaded value (the last matching rule, then the element's own style), or '' if none. */
  function cascaded(element: Element, property: string): string {
    let value = '';
    for (const rule of matchingRules(element)) {
      const ruleValue = rule.style.getPropertyValue(property);
      if (ruleValue !== '') value = ruleValue;
    }
    const inline = (element as HTMLElement).style?.getPropertyValue(property);
    if (inline !== '' && inline !== null && inline !== undefined) value = inline;
    return value;
  }

  /** `visibility`, the one property jsdom resolves: inherited, initially visible. */
  function visibility(element: Element): string {
    let value = visibilityOf.get(element);
    if (value !== undefined) return value;
    value = cascaded(element, 'visibility');
    if (value === '') value = element.parentElement ? visibility(element.parentElement) : 'visible';
    visibilityOf.set(element, value);
    return value;
  }

  // Elements with the same matching rules, visibility and own style have the same computed style:
  // it is built once (cssstyle parses every value it is given) and shared, since a computed style
  // is only read. The rules are told apart by object, so a stylesheet that changes gets new ones.
  const declarations = new Map<string, CSSStyleDeclaration>();
  const ruleNumbers = new WeakMap<StyleRule, number>();
  let rulesNumbered = 0;
  const numberOf = (rule: StyleRule) => {
    let n = ruleNumbers.get(rule);
    if (n === undefined) ruleNumbers.set(rule, (n = rulesNumbered++));
    return n;
  };

  function compute(element: Element): CSSStyleDeclaration {
    const rules = matchingRules(element);
    const own = (element as HTMLElement).style;
    const resolvedVisibility = visibility(element);
    const signature = `${rules.map(numberOf).join(',')}|${resolvedVisibility}|${own && own.length > 0 ? own.cssText : ''}`;
    let declaration = declarations.get(signature);
    if (declaration) return declaration;
    declaration = new StyleDeclaration();
    for (const rule of rules) {
      for (const property of Array.from(rule.style)) {
        declaration.setProperty(property, rule.style.getPropertyValue(property), rule.style.getPropertyPriority(property));
      }
    }
    declaration.setProperty('visibility', resolvedVisibility);
    for (const property of Array.from(own ?? [])) declaration.setProperty(property, own.getPropertyValue(property), own.getPropertyPriority(property));
    if (declarations.size >= 10_000) declarations.clear();
    declarations.set(signature, declaration);
    return declaration;
  }

  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (observer.takeRecords().length > 0 || document.activeElement !== focused) {
      forget();
      focused = document.activeElement;
    }
    if (!(element instanceof window.Element) || element.ownerDocument !== document) return original(element, pseudo);
    if (pseudo !== undefined && pseudo !== null && pseudo !== '') {
      // jsdom does not compute pseudo-elements; its answer (and its notice) is kept as it is.
      let byPseudo = pseudoStylesOf.get(element);
      if (!byPseudo) pseudoStylesOf.set(element, (byPseudo = new Map()));
      let style = byPseudo.get(pseudo);
      if (!style) byPseudo.set(pseudo, (style = original(element, pseudo)));
      return style;
    }
    let style = stylesOf.get(element);
    if (!style) stylesOf.set(element, (style = compute(element)));
    return style;
  };
}
