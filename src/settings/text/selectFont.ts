import type { FontValue } from '../../api/schemas';
import type { SiteTextPresets } from '../../editor/EditorBridge';
import { isPanelKey, type PanelSource } from '../../i18n/panel/en';
import type { Translator } from '../../i18n/translator';
import { CUSTOM_PRESET, fontFromPreset } from '../model';

/** The preset a model without a font shows in. */
const DEFAULT_PRESET = 'Body-M';

const FALLBACK: FontValue = {
  size: 16,
  style: { bold: false, italic: false, underline: false },
  family: 'Arial',
  cssFontFamily: 'Arial, sans-serif',
  preset: DEFAULT_PRESET,
};

/** The model's font, or the site's Body-M preset while the owner has chosen none. */
export function effectiveFont(font: FontValue | null, presets: SiteTextPresets): FontValue {
  if (font) return font;
  const preset = presets[DEFAULT_PRESET];
  if (!preset) return FALLBACK;
  try {
    return fontFromPreset(DEFAULT_PRESET, preset);
  } catch {
    return FALLBACK;
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
