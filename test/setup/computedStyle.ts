/**
 * jsdom's getComputedStyle, computed the way jsdom 20 computes it, but once per element between
 * two DOM mutations (or focus changes), where the answer cannot change.
 *
 * jsdom matches the element against every rule of its default stylesheet and ours, and then, for
 * the inherited `visibility`, matches every ancestor the same way again; Testing Library's role
 * queries call it for every element, its ancestors and its descendants, again on every waitFor
 * poll. Here the matching rules and the visibility of each element are kept for the current
 * state of the document, so an ancestor is matched once, not once per descendant.
 *
 * The algorithm is jsdom's (lib/jsdom/browser/Window.js, getComputedStyle, and
 * lib/jsdom/living/helpers/style-rules.js): the declarations of the matching rules in order, the
 * resolved `visibility`, then the element's own style. test/setup/computedStyle.test.tsx checks
 * that both give the same answers on the whole settings panel.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { CSSStyleDeclaration } = require('cssstyle') as { CSSStyleDeclaration: new () => CSSStyleDeclaration };
const cssom = require('cssom') as { parse(text: string): CSSStyleSheet };
const defaultStyleSheetText = require('jsdom/lib/jsdom/browser/default-stylesheet') as string;
/* eslint-enable @typescript-eslint/no-require-imports */

type StyleRule = { selectorText?: string; style: CSSStyleDeclaration };
type SheetRule = StyleRule & { media?: ArrayLike<string>; cssRules?: ArrayLike<StyleRule> };

const defaultStyleSheet = cssom.parse(defaultStyleSheetText);

function matches(element: Element, rule: StyleRule): boolean {
  // jsdom matches with a non-throwing selector engine: a selector it cannot read matches nothing.
  try {
    return element.matches(rule.selectorText as string);
  } catch {
    return false;
  }
}

/** jsdom's own getComputedStyle, once the cache is installed (for the test that compares both). */
export let jsdomGetComputedStyle: Window['getComputedStyle'] | undefined;

export function installComputedStyleCache(window: Window & typeof globalThis): void {
  const original = window.getComputedStyle.bind(window);
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
    const handleSheet = (sheet: { cssRules: ArrayLike<SheetRule> }) => {
      for (const rule of Array.from(sheet.cssRules)) {
        if (rule.media) {
          if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) {
            for (const inner of Array.from(rule.cssRules ?? [])) if (matches(element, inner)) found.push(inner);
          }
        } else if (matches(element, rule)) found.push(rule);
      }
    };
    handleSheet(defaultStyleSheet as unknown as { cssRules: ArrayLike<SheetRule> });
    for (const sheet of Array.from(document.styleSheets)) handleSheet(sheet as unknown as { cssRules: ArrayLike<SheetRule> });
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

  function compute(element: Element): CSSStyleDeclaration {
    const declaration = new CSSStyleDeclaration();
    for (const rule of matchingRules(element)) {
      for (const property of Array.from(rule.style)) {
        declaration.setProperty(property, rule.style.getPropertyValue(property), rule.style.getPropertyPriority(property));
      }
    }
    declaration.setProperty('visibility', visibility(element));
    const own = (element as HTMLElement).style;
    for (const property of Array.from(own ?? [])) declaration.setProperty(property, own.getPropertyValue(property), own.getPropertyPriority(property));
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
