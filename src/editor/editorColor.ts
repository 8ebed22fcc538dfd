/**
 * Colours between the model and the current editor's colour picker (`inputs.selectColor`), which
 * speaks CSS: a theme colour as `var(--color_18, #0088cb)` (the current editors' `var(--wst-…, …)`
 * too), a custom one as its CSS value. The picker's answer is hostile until read: a palette name
 * the contract knows stays that reference; any other variable is kept with its fallback colour (so
 * it follows the site's theme); a hex or rgb(a) colour is kept; anything else is unreadable, and
 * said, never dropped silently.
 */
import type { PickedColor, SiteColor } from './EditorBridge';
import { isHexColor, isPaletteName, isThemeVariable, themeVariable } from '../contract/colors';

/** The CSS the picker opens on for a model colour. */
export function colorToCss(value: string, palette: readonly SiteColor[]): string {
  if (isThemeVariable(value) || !isPaletteName(value)) return value;
  const shown = palette.find((color) => color.name === value)?.value;
  return shown ? `var(--${value}, ${shown})` : `var(--${value})`;
}

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d+)\s*)?\)$/i;

/** A plain CSS colour (hex or rgb(a)) as the model's hex; null for anything else. */
function hexFromCss(value: string): string | null {
  if (isHexColor(value)) return value.toLowerCase();
  const rgb = RGB.exec(value);
  if (!rgb) return null;
  const alpha = rgb[4] === undefined ? '' : hex2(Number(rgb[4]) * 255);
  return `#${hex2(Number(rgb[1]))}${hex2(Number(rgb[2]))}${hex2(Number(rgb[3]))}${alpha}`;
}

const VARIABLE = /^var\(\s*--([\w-]+)\s*(?:,\s*(.+?))?\s*\)$/;

/** What the model keeps of a `var(--name, fallback)` answer: its palette reference, or the variable with its fallback. */
function fromVariable(name: string, fallback: string | undefined): string | null {
  if (isPaletteName(name)) return name;
  const hex = fallback === undefined ? null : hexFromCss(fallback);
  return hex ? themeVariable(name, hex) : null;
}

/**
 * The model's colour for the picker's answer: null when the owner picked nothing (an empty or
 * missing answer), `{ unreadable }` for an answer the model cannot keep.
 */
export function colorFromCss(css: unknown): PickedColor | null {
  if (typeof css !== 'string' || css.trim() === '') return null;
  const value = css.trim();
  const variable = VARIABLE.exec(value);
  const picked = variable ? fromVariable(variable[1]!, variable[2]) : hexFromCss(value);
  return picked ? { value: picked } : { unreadable: value.slice(0, 80) };
}
