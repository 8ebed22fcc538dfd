/**
 * Colour values for the colour controls and for drawing. Which colours the model may hold is the
 * contract's rule (src/contract/colors.ts): a site palette reference (`color_11`…) or a custom
 * hex colour, kept as `#rrggbbaa` (hex with opacity). References are resolved against the palette
 * the editor hands out at the time of drawing, so they follow a palette change.
 */
import { isHexColor, isPaletteName, isThemeVariable } from '../contract/colors';

export interface PaletteColor {
  name: string;
  value: string;
}

export interface CustomColor {
  /** `#rrggbb`, lower case. */
  hex: string;
  /** 0…1 */
  opacity: number;
}

/** `#rgb`, `#rrggbb` or `#rrggbbaa` as hex and opacity; null for anything else. */
export function parseCustomColor(value: string): CustomColor | null {
  if (!isHexColor(value)) return null;
  let digits = value.slice(1).toLowerCase();
  if (digits.length === 3) digits = digits.replace(/./g, (c) => c + c);
  const alpha = digits.length === 8 ? parseInt(digits.slice(6), 16) / 255 : 1;
  return { hex: `#${digits.slice(0, 6)}`, opacity: Math.round(alpha * 100) / 100 };
}

/** The stored form of a custom colour: `#rrggbbaa`. */
export function formatCustomColor({ hex, opacity }: CustomColor): string {
  const alpha = Math.round(Math.min(1, Math.max(0, opacity)) * 255);
  return `${hex.toLowerCase()}${alpha.toString(16).padStart(2, '0')}`;
}

/**
 * The CSS colour for a stored value: a reference is looked up in `palette`; a custom colour, or a
 * theme variable with its fallback (CSS draws the fallback where the page lacks the variable), is
 * used as it is; anything else (or a reference the palette lacks) gives `fallback`.
 */
export function resolveColor(value: string, palette: readonly PaletteColor[], fallback = 'transparent'): string {
  if (isPaletteName(value)) return palette.find((color) => color.name === value)?.value ?? fallback;
  return isHexColor(value) || isThemeVariable(value) ? value : fallback;
}
