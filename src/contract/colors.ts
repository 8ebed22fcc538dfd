/**
 * A saved colour is a site palette reference (`color_1`…`color_5`, `color_11`…`color_35`: the
 * palette's names the editor hands out), a custom hex colour (`#rgb`, `#rrggbb`, `#rrggbbaa`), or a
 * theme variable the current editor's picker answered with its fallback, `var(--wst-primary, #hex)`,
 * kept as CSS. References are resolved when drawing, so they follow a palette change; a variable
 * follows the site's theme where the page defines it and is its fallback elsewhere.
 */
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const REFERENCE = /^color_(\d{1,2})$/;

export const isHexColor = (value: unknown): value is string => typeof value === 'string' && HEX.test(value);

/** A site palette reference: color_1…5 or color_11…35. */
export function isPaletteName(value: unknown): value is string {
  const match = typeof value === 'string' ? REFERENCE.exec(value) : null;
  const n = match ? Number(match[1]) : -1;
  return (n >= 1 && n <= 5) || (n >= 11 && n <= 35);
}

const THEME_VARIABLE = /^var\(--([a-z][a-z0-9_-]{0,62}), (#[0-9a-f]{3,8})\)$/;

/** A theme variable with its fallback, in the one spelling the model keeps: `var(--name, #hex)`, lower case. */
export function themeVariable(name: string, fallback: string): string | null {
  const value = `var(--${name.toLowerCase()}, ${fallback.toLowerCase()})`;
  return isThemeVariable(value) ? value : null;
}

/** The variable's name and fallback colour of a kept theme variable; null for any other value. */
export function themeVariableParts(value: unknown): { name: string; fallback: string } | null {
  const match = typeof value === 'string' ? THEME_VARIABLE.exec(value) : null;
  return match && isHexColor(match[2]) ? { name: match[1]!, fallback: match[2]! } : null;
}

export const isThemeVariable = (value: unknown): value is string => themeVariableParts(value) !== null;

/** A colour the model may hold: a palette reference, a hex colour or a theme variable with its fallback. */
export const isColorValue = (value: unknown): value is string => isHexColor(value) || isPaletteName(value) || isThemeVariable(value);

/** Palette reference → the hex colour it stood for, keys in order. */
export type PaletteColors = Record<string, string>;

/** A palette reference and the hex colour it stood for: what `paletteColors` may hold. */
export const isPaletteColorEntry = (name: unknown, value: unknown): boolean => isPaletteName(name) && isHexColor(value);

/** The entries sorted by name, so that equal maps are equal as JSON. */
export function sortedPaletteColors(entries: Iterable<[string, string]>): PaletteColors {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
