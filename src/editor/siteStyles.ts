/**
 * Checks on site styles that arrive from outside (a host page or the platform SDK), and the copies
 * every bridge hands out so that no caller can change another's presets or palette.
 */
import type { SiteColor, SiteTextPreset, SiteTextPresets, ViewMode } from './EditorBridge';
import { DEFAULT_SITE_TEXT_PRESETS } from './siteDefaults';
import { isRecord } from '../contract/record';

export { defaultColors } from './sitePalette';

const VIEW_MODES: readonly ViewMode[] = ['editor', 'preview', 'site', 'standalone'];

export function toViewMode(value: unknown): ViewMode | null {
  return typeof value === 'string' && (VIEW_MODES as readonly string[]).includes(value) ? (value as ViewMode) : null;
}

const PRESET_FIELDS = ['editorKey', 'fontFamily', 'size', 'lineHeight', 'weight', 'style', 'value'] as const;

function toPreset(value: unknown): SiteTextPreset | null {
  if (!isRecord(value)) return null;
  for (const field of PRESET_FIELDS) if (typeof value[field] !== 'string') return null;
  const v = value as Record<(typeof PRESET_FIELDS)[number], string>;
  return {
    editorKey: v.editorKey,
    fontFamily: v.fontFamily,
    size: v.size,
    lineHeight: v.lineHeight,
    weight: v.weight,
    style: v.style,
    value: v.value,
  };
}

function editorKeyIndex(preset: SiteTextPreset): number {
  const match = /^font_(\d+)$/.exec(preset.editorKey);
  return match?.[1] === undefined ? Number.MAX_SAFE_INTEGER : Number(match[1]);
}

/** The platform's SDK also answers each preset under its editor key (`font_0`…`font_10`): aliases. */
const EDITOR_KEY_ALIAS = /^font_\d+$/;

/**
 * Site text presets from an untrusted source, keyed by name (Title … Body-XS) and ordered by editor
 * key (font_0 first), or null when the value is not a non-empty object of well-formed presets.
 * The aliases keyed `font_0`…`font_10` the real SDK adds are left out.
 */
export function parseSiteTextPresets(value: unknown): SiteTextPresets | null {
  if (!isRecord(value)) return null;
  const entries: Array<[string, SiteTextPreset]> = [];
  for (const [name, raw] of Object.entries(value)) {
    if (EDITOR_KEY_ALIAS.test(name)) continue;
    const parsed = toPreset(raw);
    if (!parsed) return null;
    entries.push([name, parsed]);
  }
  if (entries.length === 0) return null;
  entries.sort(([, a], [, b]) => editorKeyIndex(a) - editorKeyIndex(b));
  return Object.fromEntries(entries);
}

/** A site palette from an untrusted source, or null unless it is an array of {name, value}. */
export function parseSiteColors(value: unknown): SiteColor[] | null {
  if (!Array.isArray(value)) return null;
  const colors: SiteColor[] = [];
  for (const raw of value) {
    if (!isRecord(raw) || typeof raw.name !== 'string' || typeof raw.value !== 'string') return null;
    const color: SiteColor = { name: raw.name, value: raw.value };
    if (typeof raw.reference === 'string') color.reference = raw.reference;
    colors.push(color);
  }
  return colors;
}

export function copyPresets(presets: Readonly<SiteTextPresets>): SiteTextPresets {
  return Object.fromEntries(Object.entries(presets).map(([name, p]) => [name, { ...p }]));
}

export function copyColors(colors: ReadonlyArray<Readonly<SiteColor>>): SiteColor[] {
  return colors.map((c) => ({ ...c }));
}

export function defaultPresets(): SiteTextPresets {
  return copyPresets(DEFAULT_SITE_TEXT_PRESETS);
}
