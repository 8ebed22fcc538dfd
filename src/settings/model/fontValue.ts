/**
 * How the panel makes font values: from a site text preset or a manual change (spec §4: a preset
 * sets size, style and family; otherwise the font is custom), each checked by the contract's font
 * rule (src/contract/font.ts), and the spec's error when it fails (§5, §8: "Unknown Preset"
 * followed by the value, with the part of the value that broke the rule).
 */
import { checkFontValue, CUSTOM_PRESET, type FontProblem, type FontValue } from '../../contract/font';
import type { SiteTextPreset } from '../../editor/EditorBridge';

/** The preset of a font changed by hand (its one home is the contract). */
export { CUSTOM_PRESET };

export class UnknownPresetError extends Error {
  readonly value: unknown;
  readonly problem: FontProblem;
  constructor(value: unknown, problem: FontProblem) {
    super(`Unknown Preset ${describe(value)}`);
    this.name = 'UnknownPresetError';
    this.value = value;
    this.problem = problem;
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

/** The value as a font value (the contract's font rule), or UnknownPresetError naming what is wrong. */
export function assertFontValue(value: unknown): FontValue {
  const checked = checkFontValue(value);
  if (!checked.ok) throw new UnknownPresetError(value, checked.problem);
  return checked.value;
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
