/**
 * The saved model's fields (spec §3), each with its one rule and its default. A reader gives the
 * value as the model keeps it (a locale lower-cased, palette entries in order), or `INVALID`.
 */
import { isColorValue, isPaletteColorEntry, sortedPaletteColors, type PaletteColors } from './colors';
import { isValidFileId } from './fileId';
import { isResourceKey } from './resourceKey';
import { checkFontValue, type FontValue } from './font';
import { readLocale } from './locale';
import { isStorableText, MAX_TEXT_LENGTH } from './text';
import { isRecord } from './record';

/** The public ("anyone") role of a file: none means private. */
export const PUBLIC_ROLES = ['none', 'reader', 'writer'] as const;
export type PublicRole = (typeof PUBLIC_ROLES)[number];

export interface BreadcrumbEntry {
  id: string;
  title: string;
}

/** The root of the folder trail (spec §9). */
export const ROOT_BREADCRUMB: readonly BreadcrumbEntry[] = Object.freeze([{ id: 'root', title: 'My Drive' }]);

/** The largest corner radius, px: beyond it corners look the same in a widget of ordinary size. */
export const MAX_CORNER_RADIUS = 100;
/** The widest border, px. */
export const MAX_BORDER_WIDTH = 20;
/** How the file shows: as part of the page (where its kind allows) or in the drive's viewer. */
export const DISPLAY_MODES = ['page', 'viewer'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];
/** A presentation shown as part of the page: every slide one under another, or one at a time. */
export const SLIDE_VIEWS = ['all', 'one'] as const;
export type SlideView = (typeof SLIDE_VIEWS)[number];
/** A fixed viewer height, px (null in the model: automatic by the file's kind). */
export const MIN_VIEWER_HEIGHT = 100;
export const MAX_VIEWER_HEIGHT = 4000;

/** The deepest folder trail the model keeps. */
export const MAX_BREADCRUMB_DEPTH = 100;

export const INVALID = Symbol('invalid');
export type Reader<T> = (value: unknown) => T | typeof INVALID;

const inRange = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max;

export const radius: Reader<number> = (v) => (inRange(v, MAX_CORNER_RADIUS) ? v : INVALID);
export const borderWidth: Reader<number> = (v) => (inRange(v, MAX_BORDER_WIDTH) ? v : INVALID);
export const bool: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : INVALID);
export const color: Reader<string> = (v) => (isColorValue(v) ? v : INVALID);
export const locale: Reader<string> = (v) => readLocale(v) ?? INVALID;
export const role: Reader<PublicRole> = (v) => ((PUBLIC_ROLES as readonly unknown[]).includes(v) ? (v as PublicRole) : INVALID);
export const display: Reader<DisplayMode> = (v) => ((DISPLAY_MODES as readonly unknown[]).includes(v) ? (v as DisplayMode) : INVALID);
export const slideView: Reader<SlideView> = (v) => ((SLIDE_VIEWS as readonly unknown[]).includes(v) ? (v as SlideView) : INVALID);
export const viewerHeight: Reader<number | null> = (v) =>
  v === null || (Number.isInteger(v) && (v as number) >= MIN_VIEWER_HEIGHT && (v as number) <= MAX_VIEWER_HEIGHT) ? (v as number | null) : INVALID;
export const fileId: Reader<string | null> = (v) => (v === null || isValidFileId(v) ? v : INVALID);
export const text: Reader<string | null> = (v) => (v === null || isStorableText(v, MAX_TEXT_LENGTH) ? v : INVALID);
export const resourceKey: Reader<string | null> = (v) => (v === null || isResourceKey(v) ? v : INVALID);

export const font: Reader<FontValue | null> = (v) => {
  if (v === null) return null;
  const checked = checkFontValue(v);
  return checked.ok ? checked.value : INVALID;
};

export const breadcrumb: Reader<BreadcrumbEntry[]> = (v) => {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_BREADCRUMB_DEPTH) return INVALID;
  const trail: BreadcrumbEntry[] = [];
  for (const entry of v) {
    if (!isRecord(entry) || !isValidFileId(entry.id) || !isStorableText(entry.title, MAX_TEXT_LENGTH)) return INVALID;
    trail.push({ id: entry.id, title: entry.title });
  }
  return trail;
};

export const paletteColors: Reader<PaletteColors> = (v) => {
  if (!isRecord(v)) return INVALID;
  const entries = Object.entries(v);
  return entries.every(([name, value]) => isPaletteColorEntry(name, value)) ? sortedPaletteColors(entries as [string, string][]) : INVALID;
};
