/**
 * The user model (spec §3), read field by field. A field that is missing takes its default; a
 * field that is present but invalid (a negative radius, an empty locale, an unknown colour) also
 * takes its default and is reported once in the console, and every other field is kept. So one bad
 * field never takes the whole model down: the widget still shows its file and the panel can repair
 * the model by saving it.
 *
 * No schema library here: the widget imports this module, and its first bundle stays small.
 */
import { isValidFileId } from '../drive/fileId';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** The public ("anyone") role of a file: none means private. */
export const PUBLIC_ROLES = ['none', 'reader', 'writer'] as const;
export type PublicRole = (typeof PUBLIC_ROLES)[number];

export interface BreadcrumbEntry {
  id: string;
  title: string;
}

export interface FontValue {
  size: number;
  style: { bold: boolean; italic: boolean; underline: boolean };
  family: string;
  cssFontFamily?: string;
  preset: string;
  fontStyleParam?: boolean;
}

/**
 * `activeFileTitle` and `activeFileMimeType` are kept beside `activeFileId` so the widget can embed
 * the file without a drive call of its own.
 */
export interface UserModel {
  activeFileId: string | null;
  activeFilePerm: PublicRole;
  activeFileTitle: string | null;
  activeFileMimeType: string | null;
  breadcrumb: BreadcrumbEntry[];
  lockCornersTogether: boolean;
  cornerRadiusTopLeft: number;
  cornerRadiusTopRight: number;
  cornerRadiusBottomLeft: number;
  cornerRadiusBottomRight: number;
  /** Stored lower-cased. */
  locale: string;
  borderColor: string;
  borderWidth: number;
  backgroundColor: string;
  textColor: string;
  /** A bar above the file with its title, in `font`. */
  titleBar: boolean;
  /** null: the site's Body-M preset. */
  font: FontValue | null;
  /**
   * What each palette reference among the colours looked like in the owner's palette when the
   * owner last changed the settings (`{color_15: '#2F2E2E'}`): the widget draws with these until
   * the site's own palette answers, so its first paint already has the site's colours.
   */
  paletteColors: PaletteColors;
}

/** Palette reference → the hex colour it stood for, keys in order. */
export type PaletteColors = Record<string, string>;

/** The widest border the Design tab offers, px. */
export const MAX_BORDER_WIDTH = 20;

/** What a stored or embedded model may look like before it is read: any subset of the fields. */
export type UserModelInput = Partial<UserModel>;

export const ROOT_BREADCRUMB: readonly BreadcrumbEntry[] = Object.freeze([{ id: 'root', title: 'My Drive' }]);

type Reader<T> = (value: unknown) => { ok: true; value: T } | { ok: false };
const ok = <T>(value: T) => ({ ok: true as const, value });
const bad = { ok: false as const };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

const radius: Reader<number> = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? ok(v) : bad);
const bool: Reader<boolean> = (v) => (typeof v === 'boolean' ? ok(v) : bad);
const nullableString: Reader<string | null> = (v) => (v === null || typeof v === 'string' ? ok(v) : bad);
const fileId: Reader<string | null> = (v) => (v === null || (typeof v === 'string' && isValidFileId(v)) ? ok(v) : bad);
const role: Reader<PublicRole> = (v) => ((PUBLIC_ROLES as readonly unknown[]).includes(v) ? ok(v as PublicRole) : bad);
const locale: Reader<string> = (v) => (nonEmpty(v) && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(v) ? ok(v.toLowerCase()) : bad);

const isHexColour = (v: unknown): v is string => typeof v === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v);

/** A site palette reference: color_1…5 or color_11…35. */
export function isPaletteName(v: unknown): v is string {
  const m = typeof v === 'string' ? /^color_(\d{1,2})$/.exec(v) : null;
  const n = m ? Number(m[1]) : -1;
  return (n >= 1 && n <= 5) || (n >= 11 && n <= 35);
}

/** A site palette reference (color_1…5, color_11…35) or a hex colour. */
export const isKnownColour = (v: unknown): v is string => isHexColour(v) || isPaletteName(v);
const colour: Reader<string> = (v) => (isKnownColour(v) ? ok(v) : bad);

/** A palette reference and the hex colour it stood for: what `paletteColors` may hold. */
export const isPaletteColorEntry = (name: unknown, value: unknown): boolean => isPaletteName(name) && isHexColour(value);

/** The entries sorted by name, so that equal maps are equal as JSON. */
export function sortedPaletteColors(entries: Iterable<[string, string]>): PaletteColors {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const paletteColors: Reader<PaletteColors> = (v) => {
  if (!isRecord(v)) return bad;
  const entries = Object.entries(v);
  return entries.every(([name, value]) => isPaletteColorEntry(name, value)) ? ok(sortedPaletteColors(entries as [string, string][])) : bad;
};
const borderWidth: Reader<number> = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_BORDER_WIDTH ? ok(v) : bad);

const breadcrumb: Reader<BreadcrumbEntry[]> = (v) => {
  if (!Array.isArray(v) || v.length === 0) return bad;
  const trail: BreadcrumbEntry[] = [];
  for (const entry of v) {
    if (!isRecord(entry) || !nonEmpty(entry.id) || !isValidFileId(entry.id) || typeof entry.title !== 'string') return bad;
    trail.push({ id: entry.id, title: entry.title });
  }
  return ok(trail);
};

const font: Reader<FontValue | null> = (v) => {
  if (v === null) return ok(null);
  if (!isRecord(v) || !isRecord(v.style)) return bad;
  const { size, style, family, preset, cssFontFamily, fontStyleParam } = v as Record<string, unknown> & { style: Record<string, unknown> };
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0 || !nonEmpty(family) || !nonEmpty(preset)) return bad;
  if (typeof style.bold !== 'boolean' || typeof style.italic !== 'boolean' || typeof style.underline !== 'boolean') return bad;
  if (cssFontFamily !== undefined && typeof cssFontFamily !== 'string') return bad;
  if (fontStyleParam !== undefined && typeof fontStyleParam !== 'boolean') return bad;
  const value: FontValue = { size, style: { bold: style.bold, italic: style.italic, underline: style.underline }, family, preset };
  if (cssFontFamily !== undefined) value.cssFontFamily = cssFontFamily;
  if (fontStyleParam !== undefined) value.fontStyleParam = fontStyleParam;
  return ok(value);
};

const FIELDS: { [K in keyof UserModel]: { read: Reader<UserModel[K]>; fallback: () => UserModel[K] } } = {
  activeFileId: { read: fileId, fallback: () => null },
  activeFilePerm: { read: role, fallback: () => 'none' },
  activeFileTitle: { read: nullableString, fallback: () => null },
  activeFileMimeType: { read: nullableString, fallback: () => null },
  breadcrumb: { read: breadcrumb, fallback: () => ROOT_BREADCRUMB.map((b) => ({ ...b })) },
  lockCornersTogether: { read: bool, fallback: () => true },
  cornerRadiusTopLeft: { read: radius, fallback: () => 0 },
  cornerRadiusTopRight: { read: radius, fallback: () => 0 },
  cornerRadiusBottomLeft: { read: radius, fallback: () => 0 },
  cornerRadiusBottomRight: { read: radius, fallback: () => 0 },
  locale: { read: locale, fallback: () => 'en' },
  borderColor: { read: colour, fallback: () => 'color_15' },
  borderWidth: { read: borderWidth, fallback: () => 0 },
  backgroundColor: { read: colour, fallback: () => 'color_11' },
  textColor: { read: colour, fallback: () => 'color_15' },
  titleBar: { read: bool, fallback: () => false },
  font: { read: font, fallback: () => null },
  paletteColors: { read: paletteColors, fallback: () => ({}) },
};

export const USER_MODEL_FIELDS = Object.keys(FIELDS) as (keyof UserModel)[];

export interface ParsedUserModel {
  model: UserModel;
  /** Fields that were present but invalid, and were replaced by their defaults. */
  invalid: (keyof UserModel)[];
}

/** Reads a model field by field; anything that is not an object gives the defaults. */
export function readUserModel(raw: unknown): ParsedUserModel {
  const source = isRecord(raw) ? raw : {};
  const model = {} as Record<keyof UserModel, unknown>;
  const invalid: (keyof UserModel)[] = [];
  for (const name of USER_MODEL_FIELDS) {
    const field = FIELDS[name] as { read: Reader<unknown>; fallback: () => unknown };
    const value = source[name];
    if (value === undefined) {
      model[name] = field.fallback();
      continue;
    }
    const result = field.read(value);
    if (result.ok) model[name] = result.value;
    else {
      model[name] = field.fallback();
      invalid.push(name);
    }
  }
  return { model: model as UserModel, invalid };
}

const reported = new Set<string>();

/** Console report of invalid fields, each distinct one once per page. */
export function reportInvalidFields(source: string, raw: unknown, invalid: readonly (keyof UserModel)[]): void {
  const fresh = invalid.filter((name) => {
    const key = `${source}:${name}:${JSON.stringify(isRecord(raw) ? raw[name] : null)}`;
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  });
  if (fresh.length === 0) return;
  const values = fresh.map((name) => `${name}=${JSON.stringify(isRecord(raw) ? raw[name] : undefined)}`).join(', ');
  console.warn(`Drive File Widget: the saved settings from ${source} had invalid values (${values}); their defaults are used instead.`);
}

/** readUserModel, reporting invalid fields in the console. */
export function parseUserModel(raw: unknown, source = 'the server'): UserModel {
  const { model, invalid } = readUserModel(raw);
  if (invalid.length > 0) reportInvalidFields(source, raw, invalid);
  return model;
}

export function defaultUserModel(): UserModel {
  return readUserModel({}).model;
}

/** The settings row's revision the server sends beside the model (0 when nothing was saved yet). */
export function readRevision(raw: unknown): number {
  const value = isRecord(raw) ? raw.revision : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** Two models hold the same values (field order does not matter). */
export function sameModel(a: UserModel, b: UserModel): boolean {
  return USER_MODEL_FIELDS.every((name) => JSON.stringify(a[name]) === JSON.stringify(b[name]));
}

/**
 * The owner's change re-applied on top of a newer model: every field the owner changed from
 * `base` takes the owner's value; every other field takes `theirs`.
 */
export function rebaseModel(base: UserModel, mine: UserModel, theirs: UserModel): UserModel {
  const result = { ...theirs } as Record<keyof UserModel, unknown>;
  for (const name of USER_MODEL_FIELDS) {
    if (JSON.stringify(mine[name]) !== JSON.stringify(base[name])) result[name] = mine[name];
  }
  return result as unknown as UserModel;
}
