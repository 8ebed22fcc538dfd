/**
 * The saved user model (spec §3): its fields, their defaults, and the two ways to read one.
 * - `readUserModel` reads field by field: a missing or invalid field takes its default, and every
 *   other field is kept. One bad field never takes the whole model down (the widget still shows
 *   its file; the panel can repair the model by saving it).
 * - `checkSavedModel` is what a save may store: every field present must be valid.
 * No schema library here: the widget reads models with this, and its first bundle stays small.
 * `schemas.ts` wraps these rules for the server's and the mock's routes.
 */
import type { PaletteColors } from './colours';
import type { FontValue } from './font';
import * as rule from './userModelFields';
import { INVALID, ROOT_BREADCRUMB, type BreadcrumbEntry, type DisplayMode, type PublicRole, type Reader } from './userModelFields';
import { isRecord } from './record';

export type { BreadcrumbEntry, DisplayMode, PublicRole } from './userModelFields';

/**
 * `activeFileTitle` and `activeFileMimeType` are kept beside `activeFileId` so the widget can embed
 * the file without a drive call of its own; `activeFileResourceKey`, the key of a file shared by
 * link before the drive's 2021 security update (resourceKey.ts), so its links and calls reach it.
 */
export interface UserModel {
  activeFileId: string | null;
  activeFilePerm: PublicRole;
  activeFileTitle: string | null;
  activeFileMimeType: string | null;
  activeFileResourceKey: string | null;
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
  /** 'page': the file's content as part of the page where its kind allows it; 'viewer': always the drive's viewer. */
  display: DisplayMode;
  /** The viewer's height in px; null: automatic by the file's kind. */
  viewerHeight: number | null;
  /** Native documents keep their own fonts, sizes and colours instead of the widget's Text settings. */
  keepDocumentLook: boolean;
}

/** What a stored or embedded model may look like before it is read: any subset of the fields. */
export type UserModelInput = Partial<UserModel>;

type Fields = { [K in keyof UserModel]: { read: Reader<UserModel[K]>; fallback: () => UserModel[K] } };

const FIELDS: Fields = {
  activeFileId: { read: rule.fileId, fallback: () => null },
  activeFilePerm: { read: rule.role, fallback: () => 'none' },
  activeFileTitle: { read: rule.text, fallback: () => null },
  activeFileMimeType: { read: rule.text, fallback: () => null },
  activeFileResourceKey: { read: rule.resourceKey, fallback: () => null },
  breadcrumb: { read: rule.breadcrumb, fallback: () => ROOT_BREADCRUMB.map((b) => ({ ...b })) },
  lockCornersTogether: { read: rule.bool, fallback: () => true },
  cornerRadiusTopLeft: { read: rule.radius, fallback: () => 0 },
  cornerRadiusTopRight: { read: rule.radius, fallback: () => 0 },
  cornerRadiusBottomLeft: { read: rule.radius, fallback: () => 0 },
  cornerRadiusBottomRight: { read: rule.radius, fallback: () => 0 },
  locale: { read: rule.locale, fallback: () => 'en' },
  borderColor: { read: rule.colour, fallback: () => 'color_15' },
  borderWidth: { read: rule.borderWidth, fallback: () => 0 },
  backgroundColor: { read: rule.colour, fallback: () => 'color_11' },
  textColor: { read: rule.colour, fallback: () => 'color_15' },
  titleBar: { read: rule.bool, fallback: () => false },
  font: { read: rule.font, fallback: () => null },
  paletteColors: { read: rule.paletteColors, fallback: () => ({}) },
  display: { read: rule.display, fallback: () => 'page' },
  viewerHeight: { read: rule.viewerHeight, fallback: () => null },
  keepDocumentLook: { read: rule.bool, fallback: () => false },
};

export const USER_MODEL_FIELDS = Object.keys(FIELDS) as (keyof UserModel)[];

/** The value a field keeps for `value` (normalised), or undefined when the field's rule refuses it. */
export function readField<K extends keyof UserModel>(name: K, value: unknown): UserModel[K] | undefined {
  const read = FIELDS[name].read(value);
  return read === INVALID ? undefined : (read as UserModel[K]);
}

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
    const value = source[name];
    const read = value === undefined ? INVALID : FIELDS[name].read(value);
    if (read !== INVALID) model[name] = read;
    else {
      model[name] = FIELDS[name].fallback();
      if (value !== undefined) invalid.push(name);
    }
  }
  return { model: model as UserModel, invalid };
}

export function defaultUserModel(): UserModel {
  return readUserModel({}).model;
}

export type SavedModelCheck = { ok: true; model: UserModel } | { ok: false; invalid: string[] };

/**
 * A model sent by a save: a JSON object whose every known field present is valid (missing ones
 * take their defaults; unknown keys, such as a `revision` beside the fields, are dropped).
 */
export function checkSavedModel(json: unknown): SavedModelCheck {
  if (!isRecord(json)) return { ok: false, invalid: ['(root)'] };
  const { model, invalid } = readUserModel(json);
  return invalid.length === 0 ? { ok: true, model } : { ok: false, invalid };
}
