/**
 * The schemas of the server's routes, made of the contract's rules (src/contract) and the drive's
 * shapes (src/api/schemas.ts); none writes a rule of its own. Query objects drop parameters they do
 * not name (the client also sends `maxResults` and `fields`, which the server does not read).
 */
import * as v from 'valibot';
import { AboutSchema, DriveFileSchema, FileListSchema, NativeContentSchema, PermissionListSchema, PermissionSchema } from '#client/api/schemas';
import {
  apiQueryEntries,
  connectCompleteBodySchema,
  pickerChoiceBodySchema,
  elementContentQuerySchema,
  fileIdSchema,
  saveFormSchema,
} from '#client/contract/schemas';
import { isElementContentAnswer, type ElementContentAnswer } from '#client/contract/elementContentAnswer';
import { isRevision } from '#client/contract/revision';
import { isStorableText, MAX_TEXT_LENGTH } from '#client/contract/text';
import { readField, USER_MODEL_FIELDS, type UserModel } from '#client/contract/userModel';
import { PUBLIC_ROLES, type PublicRole } from '#client/contract/userModelFields';
import { folderIdFromQuery, sharedFolderIdFromQuery } from '../drive/driveService';
import type { FolderRef } from '../drive/driveClient';
import { isResourceKey } from '#client/contract/resourceKey';
import { CONNECT_TICKET_FIELD, isConnectTicketText } from '#client/contract/connectTicket';
import { MAX_LOCALE_LENGTH } from '#client/contract/locale';
import { PICKER_LOCALE_FIELD } from '#client/contract/pickerChoice';

/** A route that reads no query parameter (any given is dropped). */
export const noQuery = v.object({});
/** A route that reads no body: none, or an object it ignores. */
export const noBody = v.nullish(v.object({}));
/** An answer without a body (204, 302, 304). */
export const noContent = v.undefined();
/** An HTML page (sent as text/html, which Fastify does not serialize). */
export const htmlPage = v.string();

/** Text from a query: storable, at most `max` long; '' and absent are null. */
export const queryText = (max: number) =>
  v.optional(
    v.pipe(
      v.string('must be text'),
      v.check((s: string) => isStorableText(s, max), `must be text of at most ${max} characters`),
      v.transform((s: string) => (s === '' ? null : s)),
    ),
    '',
  );

/** The query of an api route: instance, compId and origCompId, and the route's own parameters. */
export const apiQuery = <const E extends v.ObjectEntries>(entries: E) => v.object({ ...apiQueryEntries, ...entries });

// The settings.

const revisionNumber = v.custom<number>(isRevision, 'must be a revision (a whole number ≥ 0)');

/** A reader's view of the model: every field it has valid by the contract's rule, none added. */
const userViewEntries = Object.fromEntries(
  USER_MODEL_FIELDS.map((name) => [name, v.optional(v.custom((value) => readField(name, value) !== undefined, `has an invalid ${name}`))]),
) as unknown as { [K in keyof UserModel]: v.OptionalSchema<v.CustomSchema<UserModel[K], undefined>, undefined> };

export const settingsSchemas = {
  read: { querystring: apiQuery({}), response: { 200: v.object({ ...userViewEntries, revision: revisionNumber }) } },
  save: {
    querystring: apiQuery({}),
    body: saveFormSchema,
    response: {
      200: v.object({ revision: revisionNumber }),
      409: v.union([
        v.object({ error: v.literal('stale_revision'), message: v.string(), revision: revisionNumber }),
        v.object({ error: v.literal('widget_key_taken'), message: v.string() }),
      ]),
    },
  },
  remove: { querystring: apiQuery({}), response: { 204: noContent, 409: v.object({ error: v.literal('widget_key_taken'), message: v.string() }) } },
  /** The browser's question before the element's cross-origin delete. */
  preflight: { querystring: noQuery, response: { 204: noContent } },
};

// The drive.

const PAGE_TOKEN_LENGTH = 2048;

/** `q` is exactly one of the panel's listing queries (src/drive/query.ts): My Drive's, or a shared drive's. */
const listingQuery = v.pipe(
  v.string('must be the folder listing query'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const folderId = folderIdFromQuery(dataset.value);
    if (folderId !== null) return { folderId, shared: false };
    const sharedFolderId = sharedFolderIdFromQuery(dataset.value);
    if (sharedFolderId !== null) return { folderId: sharedFolderId, shared: true };
    addIssue({ message: 'must be the folder listing query' });
    return NEVER;
  }),
);

/**
 * The listing's folder: My Drive's query alone, or a shared drive's query with its `driveId`;
 * the handler gets `folder` (FolderRef).
 */
const filesListEntries = apiQuery({ q: listingQuery, pageToken: queryText(PAGE_TOKEN_LENGTH), driveId: v.optional(fileIdSchema) });
type FilesListEntries = v.InferOutput<typeof filesListEntries>;
const filesListQuery = v.pipe(
  filesListEntries,
  v.forward<FilesListEntries, v.CheckIssue<FilesListEntries>, ['driveId']>(
    v.check(({ q, driveId }) => q.shared === (driveId !== undefined), "must be given with a shared drive's folder query, and only then"),
    ['driveId'],
  ),
  v.transform(({ q, driveId, ...rest }: FilesListEntries): Omit<FilesListEntries, 'q' | 'driveId'> & { folder: FolderRef } => ({
    ...rest,
    folder: { folderId: q.folderId, driveId: driveId ?? null },
  })),
);

/** A resource key (src/contract/resourceKey.ts), sent for a file shared by link before 2021; absent for others. */
const resourceKeySchema = v.optional(v.custom<string>(isResourceKey, 'must be a resource key'));

/** The roles the panel gives to anyone; 'none' is a delete. */
const SHARED_ROLES = PUBLIC_ROLES.filter((role): role is Exclude<PublicRole, 'none'> => role !== 'none');
const sharedRoleSchema = v.picklist(SHARED_ROLES, `must be one of ${SHARED_ROLES.join(', ')}`);
/** The panel shares and unshares only the public permission. */
const anyone = v.literal('anyone', 'must be anyone');

export const driveSchemas = {
  about: { querystring: apiQuery({}), response: { 200: AboutSchema } },
  filesList: { querystring: filesListQuery, response: { 200: FileListSchema } },
  sharedDrives: { querystring: apiQuery({ pageToken: queryText(PAGE_TOKEN_LENGTH) }), response: { 200: FileListSchema } },
  permissionsList: { querystring: apiQuery({ fileId: fileIdSchema, resourceKey: resourceKeySchema }), response: { 200: PermissionListSchema } },
  permissionInsert: {
    querystring: apiQuery({}),
    body: v.object({ fileId: fileIdSchema, role: sharedRoleSchema, type: anyone, resourceKey: resourceKeySchema }),
    response: { 200: PermissionSchema },
  },
  permissionDelete: {
    querystring: apiQuery({ fileId: fileIdSchema, permissionId: anyone, resourceKey: resourceKeySchema }),
    response: { 204: noContent },
  },
  /** Opened by a connect ticket alone (http/access.ts): any other field is dropped. */
  authenticate: { querystring: v.object({ [CONNECT_TICKET_FIELD]: queryText(MAX_TEXT_LENGTH) }), response: { 302: noContent } },
  connectTicket: {
    querystring: apiQuery({}),
    body: noBody,
    response: { 200: v.object({ ticket: v.custom<string>(isConnectTicketText, 'must be a connect ticket') }) },
  },
  connectComplete: { querystring: apiQuery({}), body: connectCompleteBodySchema, response: { 204: noContent } },
  disconnect: { querystring: apiQuery({}), body: noBody, response: { 204: noContent } },
  /** Picker mode's popup, opened by a connect ticket alone, as `authenticate`. */
  // The widget's saved locale, as the model stores it (at most 35 characters: src/contract/locale.ts); any other language is ignored.
  picker: {
    querystring: v.object({ [CONNECT_TICKET_FIELD]: queryText(MAX_TEXT_LENGTH), [PICKER_LOCALE_FIELD]: queryText(MAX_LOCALE_LENGTH) }),
    response: { 200: htmlPage },
  },
  pickerChoice: { querystring: apiQuery({}), body: pickerChoiceBodySchema, response: { 200: DriveFileSchema } },
};

/** The owner's rendering of the active file, for the custom element's `content` attribute. */
export const contentSchemas = {
  read: { querystring: apiQuery({}), response: { 200: NativeContentSchema } },
};

/** The custom element fetching its content (public; keyed by the widget key). */
export const elementContentSchemas = {
  read: { querystring: elementContentQuerySchema, response: { 200: v.custom<ElementContentAnswer>(isElementContentAnswer, 'must be a content answer') } },
};

/** What the provider sends back to the OAuth callback. */
export const callbackSchema = {
  querystring: v.object({ code: queryText(MAX_TEXT_LENGTH), state: queryText(MAX_TEXT_LENGTH), error: queryText(MAX_TEXT_LENGTH) }),
  /** The popup's last page, whatever happened. */
  response: { 200: htmlPage, 400: htmlPage, 501: htmlPage, 502: htmlPage, 503: htmlPage },
};
