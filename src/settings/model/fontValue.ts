/**
 * Font values (spec §3: size, style {bold, italic, underline}, family, cssFontFamily, preset,
 * fontStyleParam), the spec's validation (§5, §8: "Unknown Preset" followed by the value), and how
 * a site text preset or a manual change makes one (§4: a preset sets size, style and family;
 * otherwise the font is custom).
 */
import type { FontValue } from '../../api/schemas';
import type { SiteTextPreset } from '../../editor/EditorBridge';

/** The preset of a font changed by hand. */
export const CUSTOM_PRESET = 'Custom';

export class UnknownPresetError extends Error {
  readonly value: unknown;
  constructor(value: unknown) {
    super(`Unknown Preset ${describe(value)}`);
    this.name = 'UnknownPresetError';
    this.value = value;
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFilled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The value as a font value, or UnknownPresetError: it must be an object with a numeric size, a
 * style object, and non-empty string family and preset. Missing style flags read as off.
 */
export function assertFontValue(value: unknown): FontValue {
  if (
    !isRecord(value) ||
    typeof value.size !== 'number' ||
    !Number.isFinite(value.size) ||
    !isRecord(value.style) ||
    !isFilled(value.family) ||
    !isFilled(value.preset)
  ) {
    throw new UnknownPresetError(value);
  }
  const style = value.style;
  const font: FontValue = {
    size: value.size,
    style: { bold: style.bold === true, italic: style.italic === true, underline: style.underline === true },
    family: value.family,
    preset: value.preset,
  };
  if (typeof value.cssFontFamily === 'string') font.cssFontFamily = value.cssFontFamily;
  if (typeof value.fontStyleParam === 'boolean') font.fontStyleParam = value.fontStyleParam;
  return font;
}

/** The family stack of a preset's CSS `value` ("font:normal normal normal 16px/1.4em a,b,sans-serif;"). */
function stackOf(presetValue: string): string | undefined {
  return /\d(?:\.\d+)?px(?:\/\S+)?\s+([^;]+);?\s*$/.exec(presetValue)?.[1]?.trim();
}

/** The font a site text preset sets (size, style and family), not yet checked. */
export function presetFont(name: string, preset: SiteTextPreset): Record<string, unknown> {
  const weight = String(preset.weight).trim().toLowerCase();
  return {
    size: parseFloat(preset.size),
    style: {
      bold: weight === 'bold' || weight === 'bolder' || Number(weight) >= 600,
      italic: String(preset.style).trim().toLowerCase() === 'italic',
      underline: false,
    },
    family: preset.fontFamily,
    cssFontFamily: stackOf(String(preset.value)) ?? preset.fontFamily,
    preset: name,
    fontStyleParam: false,
  };
}

/** The font a site text preset sets, checked like any font value. */
export function fontFromPreset(name: string, preset: SiteTextPreset): FontValue {
  return assertFontValue(presetFont(name, preset));
}

export type FontEdit = Partial<Pick<FontValue, 'size' | 'family' | 'cssFontFamily'>> & { style?: Partial<FontValue['style']> };

/** A manual change: the font becomes custom (not yet checked). */
export function editedFont(font: FontValue, edit: FontEdit): Record<string, unknown> {
  const { style, ...rest } = edit;
  return { ...font, ...rest, style: { ...font.style, ...style }, preset: CUSTOM_PRESET };
}

export function editFont(font: FontValue, edit: FontEdit): FontValue {
  return assertFontValue(editedFont(font, edit));
}
