/**
 * The site's text presets and colour palette as the platform hands them out, used wherever no
 * editor answers: the standalone bridge, the local stage, and as a fallback when a host is silent.
 */
import type { SiteColor, SiteTextPreset, SiteTextPresets } from './EditorBridge';

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
const AVENIR_LIGHT = 'avenir-lt-w01_35-light1475496';
const AVENIR_STACK = 'avenir-lt-w01_35-light1475496,sans-serif';

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
  'Body-M': { fontFamily: AVENIR_LIGHT, stack: AVENIR_STACK, sizePx: 16, weight: 'normal', style: 'normal' },
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

/** color_1 … color_5 (the base colours) and color_11 … color_35 (five shades of five colours). */
const PALETTE: ReadonlyArray<readonly [number, string, string?]> = [
  [1, '#FFFFFF'],
  [2, '#000000'],
  [3, '#ED1C24'],
  [4, '#0088CB'],
  [5, '#FFCB05'],
  [11, '#FFFFFF', 'white/black'],
  [12, '#000000', 'black/white'],
  [13, '#C7C7C7', 'primery-1'],
  [14, '#605E5E', 'primery-2'],
  [15, '#2F2E2E', 'primery-3'],
  [16, '#BAE9FF'],
  [17, '#7FCCF7'],
  [18, '#0088CB'],
  [19, '#005E8C'],
  [20, '#003047'],
  [21, '#FFD3B6'],
  [22, '#FFA46D'],
  [23, '#FF7E2E'],
  [24, '#AA541F'],
  [25, '#55290F'],
  [26, '#E3D6FF'],
  [27, '#C6AEFF'],
  [28, '#8B5DFF'],
  [29, '#5C3EAA'],
  [30, '#2E1F55'],
  [31, '#C4F1D3'],
  [32, '#89E3A7'],
  [33, '#3DC46B'],
  [34, '#287F46'],
  [35, '#143F23'],
];

export const DEFAULT_SITE_COLORS: ReadonlyArray<Readonly<SiteColor>> = Object.freeze(
  PALETTE.map(([index, value, reference]) =>
    Object.freeze(reference === undefined ? { name: `color_${index}`, value } : { name: `color_${index}`, value, reference }),
  ),
);

/** The style parameters of a freshly added component: nothing customised yet. */
export const DEFAULT_STYLE_PARAMS = Object.freeze({
  colors: {},
  numbers: {},
  booleans: {},
  fonts: {},
});
