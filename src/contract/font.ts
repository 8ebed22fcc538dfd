/**
 * The font value (spec §3: size, style {bold, italic, underline}, family, cssFontFamily, preset,
 * fontStyleParam) and its one rule (spec §5): an object with a numeric size, a style object, and
 * non-empty string family and preset. The size must also be one a page can draw: more than 0 and
 * at most MAX_FONT_SIZE px. Missing style flags read as off.
 */
import { isFilledText, isStorableText, MAX_TEXT_LENGTH } from './text';
import { isRecord } from './record';

export interface FontValue {
  size: number;
  style: { bold: boolean; italic: boolean; underline: boolean };
  family: string;
  cssFontFamily?: string;
  preset: string;
  fontStyleParam?: boolean;
}

/** The preset of a font that is none of the site's text presets (changed by hand, or picked so in the editor). */
export const CUSTOM_PRESET = 'Custom';

/** The largest font size the model keeps, px (the spinner's max, spec §9). */
export const MAX_FONT_SIZE = 1000;

/** The part of a font value that breaks the rule. */
export type FontProblem = 'shape' | 'size' | 'style' | 'family' | 'preset' | 'cssFontFamily' | 'fontStyleParam';

export type FontCheck = { ok: true; value: FontValue } | { ok: false; problem: FontProblem };

const isFlag = (v: unknown) => v === undefined || typeof v === 'boolean';

/** Each part of a font value and its rule, in the order they are checked. */
const PARTS: ReadonlyArray<[FontProblem, (font: Record<string, unknown>) => boolean]> = [
  ['size', ({ size }) => typeof size === 'number' && size > 0 && size <= MAX_FONT_SIZE],
  ['style', ({ style }) => isRecord(style) && isFlag(style.bold) && isFlag(style.italic) && isFlag(style.underline)],
  ['family', ({ family }) => isFilledText(family, MAX_TEXT_LENGTH)],
  ['preset', ({ preset }) => isFilledText(preset, MAX_TEXT_LENGTH)],
  ['cssFontFamily', ({ cssFontFamily }) => cssFontFamily === undefined || isStorableText(cssFontFamily, MAX_TEXT_LENGTH)],
  ['fontStyleParam', ({ fontStyleParam }) => isFlag(fontStyleParam)],
];

/** The value as a font value (only its known keys), or which part of it breaks the rule. */
export function checkFontValue(value: unknown): FontCheck {
  if (!isRecord(value)) return { ok: false, problem: 'shape' };
  const broken = PARTS.find(([, holds]) => !holds(value));
  if (broken) return { ok: false, problem: broken[0] };
  const { size, family, preset, cssFontFamily, fontStyleParam } = value as unknown as FontValue;
  const style = value.style as Record<string, unknown>;
  const font: FontValue = { size, style: { bold: style.bold === true, italic: style.italic === true, underline: style.underline === true }, family, preset };
  if (cssFontFamily !== undefined) font.cssFontFamily = cssFontFamily;
  if (fontStyleParam !== undefined) font.fontStyleParam = fontStyleParam;
  return { ok: true, value: font };
}

/**
 * The font drawn while the owner has chosen none: the platform's default Body-M text preset
 * (16 px Avenir Light), which the panel also offers first.
 */
export const DEFAULT_FONT: Readonly<FontValue> = Object.freeze({
  size: 16,
  style: Object.freeze({ bold: false, italic: false, underline: false }),
  family: 'avenir-lt-w01_35-light1475496',
  cssFontFamily: 'avenir-lt-w01_35-light1475496,sans-serif',
  preset: 'Body-M',
});
