/**
 * The contract's rules as valibot schemas, for the routes of the server and of the mock backend
 * (the panel and the widget call the rules themselves). Each schema wraps the one rule of its
 * field; none writes a rule of its own.
 */
import * as v from 'valibot';
import { isValidFileId } from './fileId';
import { parseRevisionText } from './revision';
import { isStorableText, MAX_ID_LENGTH } from './text';
import { checkSavedModel, type UserModel } from './userModel';
import { PUBLIC_ROLES } from './userModelFields';
import { isWidgetId } from './widgetId';
import { isWidgetKey } from './widgetKey';
import { ELEMENT_CONTENT_FIELDS, parseContentVersion } from './elementContent';
import { CONNECT_COMPLETION_FIELD, isConnectCompletionText } from './connectCompletion';
import { PICKER_CHOICE_FIELD } from './pickerChoice';

/** The longest signed instance a query may carry. */
export const MAX_INSTANCE_LENGTH = 4096;

const storable = (max: number) =>
  v.pipe(
    v.string('must be text'),
    v.check((s: string) => isStorableText(s, max), `must be text of at most ${max} characters, without NUL or lone surrogates`),
  );

/** A query value: '' means null, like an absent one (spec §2). */
const queryValue = (max: number, rule: (s: string) => boolean = () => true, what = 'a valid value') =>
  v.optional(
    v.pipe(
      storable(max),
      v.check((s: string) => s === '' || rule(s), `must be ${what}`),
      v.transform((s: string) => (s === '' ? null : s)),
    ),
    '',
  );

/** The three values every api call carries (spec §2), and the current model's widget key (widgetKey.ts). */
export const apiQueryEntries = {
  instance: queryValue(MAX_INSTANCE_LENGTH),
  compId: queryValue(MAX_ID_LENGTH, isWidgetId, 'a component id'),
  origCompId: queryValue(MAX_ID_LENGTH, isWidgetId, 'a component id'),
  widgetKey: queryValue(MAX_ID_LENGTH, isWidgetKey, 'a widget key (a lower-case UUID)'),
};
export const apiQuerySchema = v.object(apiQueryEntries);

/** The site's id inside a signed instance: it keys the stored settings, so it must be storable. */
export const instanceIdSchema = v.pipe(storable(MAX_ID_LENGTH), v.nonEmpty('must not be empty'));

/** A drive file id from a query or a body. */
export const fileIdSchema = v.pipe(
  v.string('must be text'),
  v.check((s: string) => isValidFileId(s), 'must be a drive file id (not "." or "..", no "/")'),
);

export const publicRoleSchema = v.picklist(PUBLIC_ROLES, `must be one of ${PUBLIC_ROLES.join(', ')}`);

/** The form field `revision`: the revision a change started from. */
export const revisionFieldSchema = v.pipe(
  v.string('must be given once, as text'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const revision = parseRevisionText(dataset.value);
    if (revision !== null) return revision;
    addIssue({ message: `must be a whole number ≥ 0, got "${dataset.value.slice(0, 20)}"` });
    return NEVER;
  }),
);

/** The saved model as a save sends it: every field present valid (checkSavedModel). */
export const savedModelSchema = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }): UserModel => {
    const checked = checkSavedModel(dataset.value);
    if (checked.ok) return checked.model;
    addIssue({ message: checked.invalid[0] === '(root)' ? 'must be a JSON object' : `has an invalid value for ${checked.invalid.join(', ')}` });
    return NEVER;
  }),
);

/** The form field `user`: the model's JSON. */
export const userFieldSchema = v.pipe(v.string('must be given once, as text'), v.parseJson(undefined, 'is not valid JSON'), savedModelSchema);

/** The body of a save (spec §7: form-encoded). */
export const saveFormSchema = v.object({ user: userFieldSchema, revision: revisionFieldSchema });
export type SaveForm = v.InferOutput<typeof saveFormSchema>;

/** The body of `connectComplete` (JSON): the completion code the sign-in popup handed to the panel (connectCompletion.ts). */
export const connectCompleteBodySchema = v.object({
  [CONNECT_COMPLETION_FIELD]: v.custom<string>(isConnectCompletionText, 'must be a completion code'),
});

/** The body of `pickerChoice` (JSON): the id of the file the owner picked (pickerChoice.ts). */
export const pickerChoiceBodySchema = v.object({ [PICKER_CHOICE_FIELD]: fileIdSchema });

/** The custom element fetching its content (elementContent.ts): the widget key, the file, the version its attribute names ('' or absent: none known). */
export const elementContentQuerySchema = v.object({
  [ELEMENT_CONTENT_FIELDS.widgetKey]: v.pipe(
    storable(MAX_ID_LENGTH),
    v.check((s: string) => isWidgetKey(s), 'must be a widget key (a lower-case UUID)'),
  ),
  [ELEMENT_CONTENT_FIELDS.fileId]: fileIdSchema,
  [ELEMENT_CONTENT_FIELDS.version]: queryValue(16, (s) => parseContentVersion(s) !== null, 'a drive version (whole decimal digits)'),
});
