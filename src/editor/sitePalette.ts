/**
 * The site's colour palette as the platform hands it out, used wherever no editor answers (and
 * for the widget's first paint, before the editor has answered). Its own module, apart from the
 * text presets (siteDefaults.ts), so the widget's first bundle carries the palette only.
 */
import type { SiteColor } from './EditorBridge';

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

/** A copy of the default palette, free to change. */
export function defaultColors(): SiteColor[] {
  return DEFAULT_SITE_COLORS.map((c) => ({ ...c }));
}
