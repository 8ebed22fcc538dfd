/**
 * The site palette from the current editor's theme (`info.getThemeCustomProperties`): the entries
 * named `color_N` (or `--color_N`) whose value is a hex colour, in the default palette's order.
 * The answer is hostile until read: anything else is left out, and an answer with no usable colour
 * is null (the caller draws the default palette).
 */
import type { SiteColor } from './EditorBridge';
import { isHexColor, isPaletteName } from '../contract/colors';
import { isRecord } from '../contract/record';
import { DEFAULT_SITE_COLORS } from './sitePalette';

export function themeColors(properties: unknown): SiteColor[] | null {
  if (!isRecord(properties)) return null;
  const found = new Map<string, string>();
  for (const [key, property] of Object.entries(properties)) {
    const name = key.replace(/^--/, '');
    const value = isRecord(property) ? property.value : property;
    if (isPaletteName(name) && isHexColor(value)) found.set(name, value);
  }
  if (found.size === 0) return null;
  return DEFAULT_SITE_COLORS.map((color) => ({ ...color, value: found.get(color.name) ?? color.value }));
}
