/**
 * Colours between the model and the current editor's colour picker (`inputs.selectColor`), which
 * speaks CSS: a theme colour as `var(--color_18, #0088cb)`, a custom one as its CSS value. The
 * picker's answer is hostile until read: anything but a palette reference or a hex or rgb(a)
 * colour is null.
 */
import type { SiteColor } from './EditorBridge';
import { isHexColour, isPaletteName } from '../contract/colours';

/** The CSS the picker opens on for a model colour. */
export function colorToCss(value: string, palette: readonly SiteColor[]): string {
  if (!isPaletteName(value)) return value;
  const shown = palette.find((color) => color.name === value)?.value;
  return shown ? `var(--${value}, ${shown})` : `var(--${value})`;
}

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d+)\s*)?\)$/i;

/** The model's colour for the picker's CSS, or null when it is none the model can keep. */
export function colorFromCss(css: unknown): string | null {
  if (typeof css !== 'string') return null;
  const value = css.trim();
  const reference = /^var\(--(color_\d{1,2})\b/.exec(value)?.[1];
  if (reference) return isPaletteName(reference) ? reference : null;
  if (isHexColour(value)) return value.toLowerCase();
  const rgb = RGB.exec(value);
  if (!rgb) return null;
  const alpha = rgb[4] === undefined ? '' : hex2(Number(rgb[4]) * 255);
  return `#${hex2(Number(rgb[1]))}${hex2(Number(rgb[2]))}${hex2(Number(rgb[3]))}${alpha}`;
}
