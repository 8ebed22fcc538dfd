import { DEFAULT_FONT, MAX_FONT_SIZE, type FontProblem, type FontValue } from '../../contract/font';
import type { SiteTextPresets } from '../../editor/EditorBridge';
import { isPanelKey, type PanelSource } from '../../i18n/panel/en';
import type { Translator } from '../../i18n/translator';
import { CUSTOM_PRESET, fontFromPreset } from '../model';

/** The preset a model without a font shows in. */
export const DEFAULT_PRESET = DEFAULT_FONT.preset;

/** The model's font, or the site's Body-M preset while the owner has chosen none. */
export function effectiveFont(font: FontValue | null, presets: SiteTextPresets): FontValue {
  if (font) return font;
  const preset = presets[DEFAULT_PRESET];
  if (!preset) return DEFAULT_FONT;
  try {
    return fontFromPreset(DEFAULT_PRESET, preset);
  } catch {
    return DEFAULT_FONT;
  }
}

type PresetKey = Extract<keyof PanelSource, `text.preset.${string}`>;
const isPresetKey = (key: string): key is PresetKey => key.startsWith('text.preset.') && isPanelKey(key);

/** A preset's name in the owner's language (the editor's name when the catalogue has none). */
export function presetLabel(t: Translator<PanelSource>['t'], name: string): string {
  if (name === CUSTOM_PRESET) return t('text.custom');
  const key = `text.preset.${name}`;
  return isPresetKey(key) ? t(key) : name;
}

/** Why a font value was refused, in the owner's language. */
export function fontProblemText(t: Translator<PanelSource>['t'], problem: FontProblem): string {
  if (problem === 'size') return t('text.fontProblem.size', { max: MAX_FONT_SIZE });
  if (problem === 'style' || problem === 'family' || problem === 'preset') return t(`text.fontProblem.${problem}`);
  return t('text.fontProblem.other');
}
