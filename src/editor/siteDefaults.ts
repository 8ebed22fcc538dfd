/**
 * The site's text presets and colour palette as the platform hands them out, used wherever no
 * editor answers: the standalone bridge, the local stage, and as a fallback when a host is silent.
 */
import { DEFAULT_FONT } from '../contract/font';
import type { SiteTextPreset, SiteTextPresets } from './EditorBridge';

export { DEFAULT_SITE_COLORS } from './sitePalette';

/** Preset names in editor-key order: index i has editorKey `font_${i}`. */
export const SITE_TEXT_PRESET_NAMES = [
  'Title',
  'Menu',
  'Page-title',
  'Heading-XL',
  'Heading-L',
  'Heading-M',
  'Heading-S',
  'Body-L',
  'Body-M',
  'Body-S',
  'Body-XS',
] as const;

export type SiteTextPresetName = (typeof SITE_TEXT_PRESET_NAMES)[number];

const DIN_LIGHT = 'din-next-w01-light';
const DIN_STACK = 'din-next-w01-light,din-next-w02-light,din-next-w10-light,sans-serif';
// Body-M is the contract's default font (what the widget draws while the owner has chosen none).
const AVENIR_LIGHT = DEFAULT_FONT.family;
const AVENIR_STACK = DEFAULT_FONT.cssFontFamily!;

interface PresetSpec {
  fontFamily: string;
  stack: string;
  sizePx: number;
  weight: 'normal' | 'bold';
  style: 'normal' | 'italic';
}

const SPECS: Record<SiteTextPresetName, PresetSpec> = {
  Title: { fontFamily: DIN_LIGHT, stack: DIN_STACK, sizePx: 60, weight: 'normal', style: 'normal' },
  Menu: { fontFamily: DIN_LIGHT, stack: DIN_STACK, sizePx: 16, weight: 'normal', style: 'normal' },
  'Page-title': { fontFamily: DIN_LIGHT, stack: DIN_STACK, sizePx: 40, weight: 'normal', style: 'normal' },
  'Heading-XL': { fontFamily: DIN_LIGHT, stack: DIN_STACK, sizePx: 48, weight: 'normal', style: 'normal' },
  'Heading-L': { fontFamily: DIN_LIGHT, stack: DIN_STACK, sizePx: 36, weight: 'normal', style: 'normal' },
  'Heading-M': { fontFamily: DIN_LIGHT, stack: DIN_STACK, sizePx: 28, weight: 'normal', style: 'normal' },
  'Heading-S': { fontFamily: DIN_LIGHT, stack: DIN_STACK, sizePx: 22, weight: 'bold', style: 'normal' },
  'Body-L': { fontFamily: AVENIR_LIGHT, stack: AVENIR_STACK, sizePx: 18, weight: 'normal', style: 'normal' },
  'Body-M': { fontFamily: AVENIR_LIGHT, stack: AVENIR_STACK, sizePx: DEFAULT_FONT.size, weight: 'normal', style: 'normal' },
  'Body-S': { fontFamily: AVENIR_LIGHT, stack: AVENIR_STACK, sizePx: 14, weight: 'normal', style: 'normal' },
  'Body-XS': { fontFamily: AVENIR_LIGHT, stack: AVENIR_STACK, sizePx: 12, weight: 'normal', style: 'italic' },
};

const LINE_HEIGHT = '1.4em';

function preset(index: number, spec: PresetSpec): SiteTextPreset {
  const size = `${spec.sizePx}px`;
  return {
    editorKey: `font_${index}`,
    fontFamily: spec.fontFamily,
    size,
    lineHeight: LINE_HEIGHT,
    weight: spec.weight,
    style: spec.style,
    value: `font:${spec.style} normal ${spec.weight} ${size}/${LINE_HEIGHT} ${spec.stack};`,
  };
}

/** Title … Body-XS, editor keys font_0 … font_10, sizes 12–60 px. Frozen: copy before changing. */
export const DEFAULT_SITE_TEXT_PRESETS: Readonly<SiteTextPresets> = Object.freeze(
  Object.fromEntries(SITE_TEXT_PRESET_NAMES.map((name, index) => [name, Object.freeze(preset(index, SPECS[name]))])),
);

/** The style parameters of a freshly added component: nothing customised yet. */
export const DEFAULT_STYLE_PARAMS = Object.freeze({
  colors: {},
  numbers: {},
  booleans: {},
  fonts: {},
});
