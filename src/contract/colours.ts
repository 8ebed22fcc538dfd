/**
 * A saved colour is either a site palette reference (`color_1`…`color_5`, `color_11`…`color_35`:
 * the palette's names the editor hands out) or a custom hex colour (`#rgb`, `#rrggbb`,
 * `#rrggbbaa`). References are resolved when drawing, so they follow a palette change.
 */
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const REFERENCE = /^color_(\d{1,2})$/;

export const isHexColour = (value: unknown): value is string => typeof value === 'string' && HEX.test(value);

/** A site palette reference: color_1…5 or color_11…35. */
export function isPaletteName(value: unknown): value is string {
  const match = typeof value === 'string' ? REFERENCE.exec(value) : null;
  const n = match ? Number(match[1]) : -1;
  return (n >= 1 && n <= 5) || (n >= 11 && n <= 35);
}

/** A colour the model may hold: a palette reference or a hex colour. */
export const isColourValue = (value: unknown): value is string => isHexColour(value) || isPaletteName(value);

/** Palette reference → the hex colour it stood for, keys in order. */
export type PaletteColors = Record<string, string>;

/** A palette reference and the hex colour it stood for: what `paletteColors` may hold. */
export const isPaletteColorEntry = (name: unknown, value: unknown): boolean => isPaletteName(name) && isHexColour(value);

/** The entries sorted by name, so that equal maps are equal as JSON. */
export function sortedPaletteColors(entries: Iterable<[string, string]>): PaletteColors {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
