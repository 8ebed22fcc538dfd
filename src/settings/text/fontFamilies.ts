/** The families the font picker offers: the site's own fonts (from its text presets) first. */
import type { SiteTextPresets } from '../../editor/EditorBridge';
import { fontFromPreset } from '../model';

export interface FontFamily {
  family: string;
  cssFontFamily: string;
  site: boolean;
}

/** Widely available families, for a font outside the site's own. */
const OTHER_FAMILIES: readonly Omit<FontFamily, 'site'>[] = [
  { family: 'Arial', cssFontFamily: 'Arial, Helvetica, sans-serif' },
  { family: 'Courier New', cssFontFamily: '"Courier New", Courier, monospace' },
  { family: 'Georgia', cssFontFamily: 'Georgia, "Times New Roman", serif' },
  { family: 'Helvetica', cssFontFamily: 'Helvetica, Arial, sans-serif' },
  { family: 'Tahoma', cssFontFamily: 'Tahoma, Verdana, sans-serif' },
  { family: 'Times New Roman', cssFontFamily: '"Times New Roman", Times, serif' },
  { family: 'Trebuchet MS', cssFontFamily: '"Trebuchet MS", Helvetica, sans-serif' },
  { family: 'Verdana', cssFontFamily: 'Verdana, Geneva, sans-serif' },
];

/** The site's families in preset order, then the others; each family once. */
export function fontFamilies(presets: SiteTextPresets): FontFamily[] {
  const seen = new Set<string>();
  const list: FontFamily[] = [];
  for (const [name, preset] of Object.entries(presets)) {
    try {
      const font = fontFromPreset(name, preset);
      if (seen.has(font.family)) continue;
      seen.add(font.family);
      list.push({ family: font.family, cssFontFamily: font.cssFontFamily ?? font.family, site: true });
    } catch {
      // A malformed preset offers no family; choosing it shows the Unknown Preset message.
    }
  }
  for (const other of OTHER_FAMILIES) if (!seen.has(other.family)) list.push({ ...other, site: false });
  return list;
}

/**
 * A readable name for the platform's internal family names ("din-next-w01-light" → "Din Next
 * Light", "avenir-lt-w01_35-light1475496" → "Avenir Lt Light"); other names stay as they are.
 */
export function familyLabel(family: string): string {
  if (!/^[a-z0-9_-]+$/.test(family)) return family;
  const words = family
    .replace(/-w\d+(_\d+)?/g, '')
    .replace(/\d+$/, '')
    .split(/[-_]+/)
    .filter(Boolean);
  return words.length ? words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') : family;
}
