/**
 * What an exported document's generated `<style>` block means (issue 20): each `.cN` class's
 * look (bold, italic, underline, strike, super/subscript, monospace, colour, size, alignment) and
 * each list class's marker (`.lst-kix_<id>-<level>>li:before`). Values are read only through
 * strict patterns: nothing of the export's CSS is ever copied as it is.
 */

export interface Look {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  sup?: boolean;
  sub?: boolean;
  mono?: boolean;
  /** `#rrggbb`. */
  color?: string;
  background?: string;
  /** e.g. `14pt`. */
  fontSize?: string;
  align?: 'left' | 'right' | 'center' | 'justify';
  /** The left margin in points (a list item's indentation, where the export has no list classes). */
  indent?: number;
}

/** One part of a list item's number as the export writes it: literal text, or a level's counter in a list type. */
export type NumberPart = { text: string } | { level: number; type: string };

export interface ExportStyles {
  /** Class name → its look. */
  classes: Map<string, Look>;
  /** List class (`lst-kix_abc-1`) → CSS list-style-type. */
  listTypes: Map<string, string>;
  /**
   * List class → its number made of several levels' counters (legal numbering, "14.1."), which no
   * list-style-type can draw: the converter writes these numbers out.
   */
  listNumbers: Map<string, NumberPart[]>;
}

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;
const PT_SIZE = /^\d{1,3}(?:\.\d{1,2})?pt$/;
const MONO_FAMILIES = /courier|consolas|mono|menlo|source code|inconsolata/i;
const ALIGNS = ['left', 'right', 'center', 'justify'] as const;

const COUNTER_TYPES: Record<string, string> = {
  decimal: 'decimal',
  'lower-latin': 'lower-alpha',
  'upper-latin': 'upper-alpha',
  'lower-roman': 'lower-roman',
  'upper-roman': 'upper-roman',
  'decimal-leading-zero': 'decimal-leading-zero',
};
const BULLET_TYPES: Record<string, string> = { '0025cf': 'disc', '0025cb': 'circle', '0025a0': 'square' };

interface Rule {
  selector: string;
  declarations: Map<string, string>;
}

export function declarationsOf(body: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) map.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim());
  }
  return map;
}

/** Flat rules only (the export has no nesting); at-rules such as `@import` are skipped. */
export function cssRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@import[^;]*;/gi, '');
  for (const match of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = declarationsOf(match[2] ?? '');
    for (const selector of (match[1] ?? '').split(',')) rules.push({ selector: selector.trim(), declarations });
  }
  return rules;
}

/** The look of one rule's declarations. */
export function lookOf(d: Map<string, string>): Look {
  const look: Look = {};
  const weight = d.get('font-weight');
  if (weight === 'bold' || (weight !== undefined && Number(weight) >= 600)) look.bold = true;
  if (d.get('font-style') === 'italic') look.italic = true;
  const decoration = d.get('text-decoration') ?? '';
  if (/\bunderline\b/.test(decoration)) look.underline = true;
  if (/\bline-through\b/.test(decoration)) look.strike = true;
  const vertical = d.get('vertical-align');
  if (vertical === 'super') look.sup = true;
  if (vertical === 'sub') look.sub = true;
  if (MONO_FAMILIES.test(d.get('font-family') ?? '')) look.mono = true;
  const color = d.get('color');
  if (color && HEX.test(color)) look.color = color.toLowerCase();
  const background = d.get('background-color');
  if (background && HEX.test(background)) look.background = background.toLowerCase();
  const size = d.get('font-size');
  if (size && PT_SIZE.test(size)) look.fontSize = size;
  const align = ALIGNS.find((a) => a === d.get('text-align'));
  if (align) look.align = align;
  const margin = /^(\d{1,4}(?:\.\d{1,3})?)pt$/.exec(d.get('margin-left') ?? '');
  if (margin) look.indent = Number(margin[1]);
  return look;
}

function listTypeOf(content: string): string {
  const counter = /counter\([\w-]+,\s*([\w-]+)\)/.exec(content);
  if (counter) return COUNTER_TYPES[counter[1] ?? ''] ?? 'decimal';
  const bullet = /\\([0-9a-f]{6})/i.exec(content);
  return BULLET_TYPES[(bullet?.[1] ?? '').toLowerCase()] ?? 'disc';
}

/** The parts of a marker's `content` when it names counters of more than one level; null otherwise. */
function numberPartsOf(content: string): NumberPart[] | null {
  const parts: NumberPart[] = [];
  for (const match of content.matchAll(/"((?:[^"\\]|\\.){0,20})"|counter\(lst-ctn-kix_\w+-(\d),\s*([\w-]+)\)/g)) {
    if (match[1] !== undefined) parts.push({ text: match[1].replace(/\\(.)/g, '$1') });
    else parts.push({ level: Number(match[2]), type: COUNTER_TYPES[match[3] ?? ''] ?? 'decimal' });
  }
  return parts.filter((p) => 'level' in p).length > 1 ? parts : null;
}

export function readExportStyles(css: string): ExportStyles {
  const classes = new Map<string, Look>();
  const listTypes = new Map<string, string>();
  const listNumbers = new Map<string, NumberPart[]>();
  for (const { selector, declarations } of cssRules(css)) {
    const single = /^\.([A-Za-z][\w-]*)$/.exec(selector);
    if (single?.[1]) classes.set(single[1], { ...classes.get(single[1]), ...lookOf(declarations) });
    const marker = /^\.(lst-kix_[\w]+-\d)\s*>\s*li:before$/.exec(selector);
    if (marker?.[1]) listTypes.set(marker[1], listTypeOf(declarations.get('content') ?? ''));
    const parts = marker?.[1] ? numberPartsOf(declarations.get('content') ?? '') : null;
    if (marker?.[1] && parts) listNumbers.set(marker[1], parts);
  }
  return { classes, listTypes, listNumbers };
}

/** The look of an element's classes, later classes winning (as the export's single-class rules do). */
export function lookOfClasses(styles: ExportStyles, className: string): Look {
  let look: Look = {};
  for (const name of className.split(/\s+/)) {
    const own = styles.classes.get(name);
    if (own) look = { ...look, ...own };
  }
  return look;
}
