/**
 * The custom element's attributes: the part of the user model the widget shows, as the panel
 * writes them (`widget.setProp`, one string per attribute) and as the element reads them. Both
 * sides use this file only, so a name or a rule lives here once.
 *
 * - `file`: JSON of the registry's file settings, each under its `key` (`{id, perm, title, mimeType,
 *   resourceKey?}`; a null value is left out). A private file (`perm` "none") is written as
 *   `{"private": true, "perm": "none"}` alone, as a visitor's model drops it (visitorView.ts): the page's HTML never
 *   names a file its visitors cannot open, and the element shows the owner's hint in the editor.
 * - `design`: JSON of the registry's design settings (userModel.ts), each under its own name.
 * - `locale`: the widget's language, the stored code.
 * - `view-mode`: written by the host (never by the panel): `editor` or `preview` show the owner's
 *   hints; anything else is a visitor's page.
 * - `widget-key`: the widget's key (widgetKey.ts), written by the panel on first open.
 * - `content`: JSON `{fileId, version}`, a reference to the server's rendering of a file shown as
 *   part of the page, at the drive's `version` (issue 20; see ARCHITECTURE.md, "Native content in
 *   the custom element"). Never the rendering itself: the page's HTML carries the attribute, and a
 *   file made private on the drive must stay in no published page. The element fetches the
 *   rendering from our server (elementContent.ts), sanitizes it again (nativeContentRules.ts) and
 *   shows it only for the file `file` names. An attribute written before holds `html` too: it is
 *   ignored, only `fileId` and `version` are read.
 *
 * Reading is lenient, field by field, with the model's own rules (readUserModel): a bad value takes
 * its field's default and is named in `problems`, so the element can say so once and draw the rest.
 */
import { modelFor } from './visitorView';
import { readUserModel, SETTINGS, settingsIn, type SettingName, type UserModel } from './userModel';
import { ELEMENT_ATTRIBUTES, type AttributeReader } from './elementAttributeNames';
import { parseJsonAttribute } from './contentAttribute';

export { ELEMENT_ATTRIBUTES, ELEMENT_TAG_NAME, readViewModeAttribute, type AttributeReader } from './elementAttributeNames';
export { readContentAttribute } from './contentAttribute';
export type { ContentReference } from './elementContent';

/** The element's script as the platform loads it (the URL the app registers): our server answers it. */
export const ELEMENT_SCRIPT_PATH = '/drive-file-widget.js';

/** The attributes the panel writes (every one but the host's view mode and the widget key). */
export type WrittenAttributes = Record<'file' | 'design' | 'locale', string>;

/** The `file` attribute's keys: each file setting of the registry (userModel.ts) under its key. */
const FILE_FIELDS = Object.fromEntries(settingsIn('file').map((name) => [SETTINGS[name].key ?? name, name])) as Record<string, SettingName>;
/** The `design` attribute's fields: the registry's design group. */
const DESIGN_FIELDS = settingsIn('design');

/** A mime type's shape (`type/subtype`, RFC 6838 characters); the drive's viewer previews any such type. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export function isMimeType(value: unknown): value is string {
  return typeof value === 'string' && MIME_TYPE.test(value);
}

/** The attributes that show `model` (written by the panel with `widget.setProp`). */
export function elementAttributesOf(model: UserModel): WrittenAttributes {
  const view = modelFor(model, false);
  const file: Record<string, unknown> = model.activeFileId !== null && view.activeFileId === null ? { private: true } : {};
  for (const [key, field] of Object.entries(FILE_FIELDS)) if (view[field] !== null) file[key] = view[field];
  const design: Record<string, unknown> = {};
  for (const field of DESIGN_FIELDS) design[field] = model[field];
  return { file: JSON.stringify(file), design: JSON.stringify(design), locale: model.locale };
}

export interface ReadAttributes {
  model: UserModel;
  /** A private file was chosen (and not named): the owner's hint in the editor, nothing for visitors. */
  fileHidden: boolean;
  /** What was refused, one phrase each (attribute and field), for one warning. */
  problems: string[];
}

/** The model the element draws, read from its attributes with the model's field rules. */
export function readElementAttributes(read: AttributeReader): ReadAttributes {
  const problems: string[] = [];
  const file = parseJsonAttribute(ELEMENT_ATTRIBUTES.file, read(ELEMENT_ATTRIBUTES.file), problems);
  const design = parseJsonAttribute(ELEMENT_ATTRIBUTES.design, read(ELEMENT_ATTRIBUTES.design), problems);
  const input: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(FILE_FIELDS)) if (key in file) input[field] = file[key];
  for (const field of DESIGN_FIELDS) if (field in design) input[field] = design[field];
  const locale = read(ELEMENT_ATTRIBUTES.locale);
  if (locale !== null) input.locale = locale;
  const { model, invalid } = readUserModel(input);
  for (const field of invalid) problems.push(`${field} was refused`);
  if (model.activeFileMimeType !== null && !isMimeType(model.activeFileMimeType)) {
    problems.push('activeFileMimeType is not a mime type');
    model.activeFileMimeType = null;
  }
  return { model, fileHidden: file.private === true, problems };
}
