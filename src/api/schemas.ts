/**
 * The shapes the backend answers with, checked at the edge (the api client, and the server for the
 * drive's answers). Types are derived from the schemas so the rest of the code trusts them.
 * Mirage imports these types too, so the mock and the client cannot drift apart.
 * Valibot: its functions are imported one by one, so the panel carries only the checks these five
 * shapes use (about 1 KB gzip). Unknown keys are dropped, as the rest of the code expects. The user
 * model's rules are the contract's (src/contract), read without a schema library, so the widget's
 * first bundle carries none.
 */
import * as v from 'valibot';
import { DRIVE_ACCESS_MODES } from '../contract/driveAccess';

export { isPaletteColorEntry, sortedPaletteColors, type PaletteColors } from '../contract/colors';
export type { FontValue } from '../contract/font';
export { defaultUserModel, readUserModel, type BreadcrumbEntry, type PublicRole, type UserModel, type UserModelInput } from '../contract/userModel';
export { MAX_BORDER_WIDTH, PUBLIC_ROLES, ROOT_BREADCRUMB } from '../contract/userModelFields';

export type Shape = v.GenericSchema;

/** A value checked against a shape: its data, or what is wrong with it (the first problem, with its path). */
export function checkShape<S extends Shape>(schema: S, value: unknown): { ok: true; data: v.InferOutput<S> } | { ok: false; problem: string } {
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, data: result.output };
  const issue = result.issues[0];
  return { ok: false, problem: `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}` };
}

/** Optional fields are optional as in the drive's own schema: an owner may come without a name, a shared drive's file without owners. */
export const OwnerSchema = v.object({
  displayName: v.optional(v.string()),
  emailAddress: v.optional(v.string()),
  isAuthenticatedUser: v.optional(v.boolean()),
});

export const DriveFileSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  mimeType: v.string(),
  modifiedDate: v.optional(v.string()),
  owners: v.optional(v.array(OwnerSchema)),
  fileSize: v.optional(v.string()),
  iconLink: v.optional(v.string()),
  /** A file shared by link before the drive's 2021 security update: calls about it and links to it carry this key. */
  resourceKey: v.optional(v.string()),
  /** The shared drive the file is in. */
  driveId: v.optional(v.string()),
});
export type DriveFile = v.InferOutput<typeof DriveFileSchema>;

/** The drive leaves `items` out of an empty page (which may still have a next one). */
export const FileListSchema = v.object({
  items: v.optional(v.array(DriveFileSchema), () => []),
  nextPageToken: v.nullish(v.string()),
});
export type FileList = v.InferOutput<typeof FileListSchema>;

/** The drive's list of shared drives (drives.list); the server answers them to the panel as folders, in FileListSchema. */
export const SharedDriveListSchema = v.object({
  items: v.optional(v.array(v.object({ id: v.pipe(v.string(), v.minLength(1)), name: v.string() })), () => []),
  nextPageToken: v.nullish(v.string()),
});

export const PermissionSchema = v.object({
  id: v.optional(v.string()),
  role: v.string(),
  type: v.string(),
});
export type Permission = v.InferOutput<typeof PermissionSchema>;

export const PermissionListSchema = v.object({ items: v.array(PermissionSchema) });
export type PermissionList = v.InferOutput<typeof PermissionListSchema>;

export const AboutSchema = v.object({
  user: v.object({
    displayName: v.string(),
    emailAddress: v.string(),
    picture: v.optional(v.object({ url: v.string() })),
  }),
  /** How this server reaches the drive (src/contract/driveAccess.ts); absent means browse. */
  access: v.optional(v.picklist(DRIVE_ACCESS_MODES)),
});
export type About = v.InferOutput<typeof AboutSchema>;

/**
 * The owner's rendering of the active file as visitors are to see it (the element's `content`
 * attribute, src/contract/elementAttributes.ts): null when nothing is shown natively to visitors
 * (no file, the drive's viewer, a private or deleted file). `version` is the drive's.
 */
export const NativeContentSchema = v.object({
  content: v.nullable(
    v.object({
      fileId: v.pipe(v.string(), v.minLength(1)),
      html: v.string(),
      version: v.pipe(v.number(), v.integer(), v.minValue(0)),
    }),
  ),
});
export type NativeContentAnswer = v.InferOutput<typeof NativeContentSchema>;
