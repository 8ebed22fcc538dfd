/**
 * The saved user model (spec §3): the registry of its settings, and the two ways to read one.
 * Each field is declared once, in `SETTINGS`: its rule, its default, its group and the panel's
 * words for it. Everything else is made from it: the model's type, the server's and the mock's
 * schemas (schemas.ts), the element's attributes (elementAttributes.ts), what a visitor may see
 * (visitorView.ts) and the panel's name for a refused setting (src/i18n/panel/errorText.ts).
 * Adding a setting: docs/recipes/add-a-setting.md.
 * - `readUserModel` reads field by field: a missing or invalid field takes its default, and every
 *   other field is kept. One bad field never takes the whole model down (the widget still shows
 *   its file; the panel can repair the model by saving it).
 * - `checkSavedModel` is what a save may store: every field present must be valid.
 * No schema library here: the widget reads models with this, and its first bundle stays small.
 */
import * as rule from './userModelFields';
import { INVALID, ROOT_BREADCRUMB, type Reader } from './userModelFields';
import { isRecord } from './record';

export type { BreadcrumbEntry, DisplayMode, PublicRole } from './userModelFields';

/**
 * Where a setting goes beyond the panel:
 * - `file`: the active file, in the element's `file` attribute under its `key`; a visitor sees it
 *   only while the file is public (visitorView.ts);
 * - `design`: how the widget draws it, in the element's `design` attribute;
 * - `locale`: the widget's language, the element's `locale` attribute;
 * - `panel-only`: the panel's own state: neither the element nor a visitor sees it.
 */
export type SettingGroup = 'file' | 'design' | 'locale' | 'panel-only';

interface Setting<T, L extends string> {
  /** The field's one rule: the value as the model keeps it, or INVALID. */
  read: Reader<T>;
  /** Its default (a function: every model gets its own arrays and objects). */
  fallback: () => NoInfer<T>;
  group: SettingGroup;
  /** The panel's words for it (a key of src/i18n/panel/en.ts: a missing one does not compile). */
  label: L;
  /** Its key in the element's `file` attribute (the `file` group only). */
  key?: string;
}

const setting = <const T, const L extends string>(entry: Setting<T, L>) => entry;

/**
 * The registry. `activeFileTitle` and `activeFileMimeType` are kept beside `activeFileId` so the
 * widget can embed the file without a drive call of its own; `activeFileResourceKey`, the key of a
 * file shared by link before the drive's 2021 security update (resourceKey.ts), so its links and
 * calls reach it.
 */
export const SETTINGS = {
  activeFileId: setting({ read: rule.fileId, fallback: () => null, group: 'file', key: 'id', label: 'setting.file' }),
  activeFilePerm: setting({ read: rule.role, fallback: () => 'none', group: 'file', key: 'perm', label: 'setting.sharing' }),
  activeFileTitle: setting({ read: rule.text, fallback: () => null, group: 'file', key: 'title', label: 'setting.file' }),
  activeFileMimeType: setting({ read: rule.text, fallback: () => null, group: 'file', key: 'mimeType', label: 'setting.file' }),
  activeFileResourceKey: setting({ read: rule.resourceKey, fallback: () => null, group: 'file', key: 'resourceKey', label: 'setting.file' }),
  breadcrumb: setting({ read: rule.breadcrumb, fallback: () => ROOT_BREADCRUMB.map((b) => ({ ...b })), group: 'panel-only', label: 'setting.folder' }),
  lockCornersTogether: setting({ read: rule.bool, fallback: () => true, group: 'panel-only', label: 'design.lockCorners' }),
  cornerRadiusTopLeft: setting({ read: rule.radius, fallback: () => 0, group: 'design', label: 'design.corners' }),
  cornerRadiusTopRight: setting({ read: rule.radius, fallback: () => 0, group: 'design', label: 'design.corners' }),
  cornerRadiusBottomLeft: setting({ read: rule.radius, fallback: () => 0, group: 'design', label: 'design.corners' }),
  cornerRadiusBottomRight: setting({ read: rule.radius, fallback: () => 0, group: 'design', label: 'design.corners' }),
  /** Stored lower-cased. */
  locale: setting({ read: rule.locale, fallback: () => 'en', group: 'locale', label: 'text.language' }),
  borderColor: setting({ read: rule.color, fallback: () => 'color_15', group: 'design', label: 'design.borderColor' }),
  borderWidth: setting({ read: rule.borderWidth, fallback: () => 0, group: 'design', label: 'design.borderWidth' }),
  backgroundColor: setting({ read: rule.color, fallback: () => 'color_11', group: 'design', label: 'design.backgroundColor' }),
  textColor: setting({ read: rule.color, fallback: () => 'color_15', group: 'design', label: 'design.textColor' }),
  /** A bar above the file with its title, in `font`. */
  titleBar: setting({ read: rule.bool, fallback: () => false, group: 'design', label: 'design.titleBar' }),
  /** null: the site's Body-M preset. */
  font: setting({ read: rule.font, fallback: () => null, group: 'design', label: 'text.font' }),
  /**
   * What each palette reference among the colours looked like in the owner's palette when the
   * owner last changed the settings (`{color_15: '#2F2E2E'}`): the widget draws with these until
   * the site's own palette answers, so its first paint already has the site's colours.
   */
  paletteColors: setting({ read: rule.paletteColors, fallback: () => ({}), group: 'design', label: 'design.colors' }),
  /** 'page': the file's content as part of the page where its kind allows it; 'viewer': always the drive's viewer. */
  display: setting({ read: rule.display, fallback: () => 'page', group: 'design', label: 'design.display' }),
  /** The viewer's height in px; null: automatic by the file's kind. */
  viewerHeight: setting({ read: rule.viewerHeight, fallback: () => null, group: 'design', label: 'design.viewerHeight' }),
  /** Native documents keep their own fonts, sizes and colours instead of the widget's Text settings. */
  keepDocumentLook: setting({ read: rule.bool, fallback: () => false, group: 'design', label: 'design.keepDocumentLook' }),
  /** A presentation as part of the page: 'all' slides one under another, or 'one' at a time with previous and next. */
  slideView: setting({ read: rule.slideView, fallback: () => 'all', group: 'design', label: 'design.slideView' }),
};

type Settings = typeof SETTINGS;
export type SettingName = keyof Settings;

/** The saved model: one value per setting, of its rule's type. */
export type UserModel = { [K in SettingName]: Settings[K] extends Setting<infer T, string> ? T : never };

/** The panel's words for each setting: every one must be a key of the panel's catalogue (en.ts). */
export type SettingLabelKey = Settings[SettingName]['label'];

/** What a stored or embedded model may look like before it is read: any subset of the fields. */
export type UserModelInput = Partial<UserModel>;

export const USER_MODEL_FIELDS = Object.keys(SETTINGS) as SettingName[];

/** The settings of one group, in the registry's order. */
export const settingsIn = (group: SettingGroup): SettingName[] => USER_MODEL_FIELDS.filter((name) => SETTINGS[name].group === group);

/** The value a field keeps for `value` (normalised), or undefined when the field's rule refuses it. */
export function readField<K extends SettingName>(name: K, value: unknown): UserModel[K] | undefined {
  const read = (SETTINGS[name].read as Reader<unknown>)(value);
  return read === INVALID ? undefined : (read as UserModel[K]);
}

/** A field's default, fresh. */
export const defaultOf = <K extends SettingName>(name: K): UserModel[K] => SETTINGS[name].fallback() as UserModel[K];

export interface ParsedUserModel {
  model: UserModel;
  /** Fields that were present but invalid, and were replaced by their defaults. */
  invalid: SettingName[];
}

/** Reads a model field by field; anything that is not an object gives the defaults. */
export function readUserModel(raw: unknown): ParsedUserModel {
  const source = isRecord(raw) ? raw : {};
  const model = {} as Record<SettingName, unknown>;
  const invalid: SettingName[] = [];
  for (const name of USER_MODEL_FIELDS) {
    const value = source[name];
    const read = value === undefined ? undefined : readField(name, value);
    if (read !== undefined) model[name] = read;
    else {
      model[name] = defaultOf(name);
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
