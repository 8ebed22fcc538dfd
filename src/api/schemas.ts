/**
 * The shapes the backend answers with, checked at the edge (the api client).
 * Types are derived from the schemas so the rest of the code trusts them.
 * Mirage imports these types too, so the mock and the client cannot drift apart.
 * zod's tree-shakable `mini` build keeps the pages small.
 */
import { z } from 'zod/mini';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** The public ("anyone") role of a file: none means private. */
export const PublicRoleSchema = z.enum(['none', 'reader', 'writer']);
export type PublicRole = z.infer<typeof PublicRoleSchema>;

export const OwnerSchema = z.object({
  displayName: z.string(),
  emailAddress: z.optional(z.string()),
  isAuthenticatedUser: z.optional(z.boolean()),
});

export const DriveFileSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  mimeType: z.string(),
  modifiedDate: z.optional(z.string()),
  owners: z.optional(z.array(OwnerSchema)),
  fileSize: z.optional(z.string()),
  iconLink: z.optional(z.string()),
});
export type DriveFile = z.infer<typeof DriveFileSchema>;

export const FileListSchema = z.object({
  items: z.array(DriveFileSchema),
  nextPageToken: z.nullish(z.string()),
});
export type FileList = z.infer<typeof FileListSchema>;

export const PermissionSchema = z.object({
  id: z.optional(z.string()),
  role: z.string(),
  type: z.string(),
});
export type Permission = z.infer<typeof PermissionSchema>;

export const PermissionListSchema = z.object({ items: z.array(PermissionSchema) });
export type PermissionList = z.infer<typeof PermissionListSchema>;

export const AboutSchema = z.object({
  user: z.object({
    displayName: z.string(),
    emailAddress: z.string(),
    picture: z.optional(z.object({ url: z.string() })),
  }),
});
export type About = z.infer<typeof AboutSchema>;

export const BreadcrumbEntrySchema = z.object({ id: z.string().check(z.minLength(1)), title: z.string() });
export type BreadcrumbEntry = z.infer<typeof BreadcrumbEntrySchema>;

export const FontStyleSchema = z.object({ bold: z.boolean(), italic: z.boolean(), underline: z.boolean() });
export const FontValueSchema = z.object({
  size: z.number(),
  style: FontStyleSchema,
  family: z.string().check(z.minLength(1)),
  cssFontFamily: z.optional(z.string()),
  preset: z.string().check(z.minLength(1)),
  fontStyleParam: z.optional(z.boolean()),
});
export type FontValue = z.infer<typeof FontValueSchema>;

export const ROOT_BREADCRUMB: readonly BreadcrumbEntry[] = Object.freeze([{ id: 'root', title: 'My Drive' }]);

const radius = z._default(z.number().check(z.minimum(0)), 0);

/**
 * The user model (spec §3). Missing fields take their defaults, so an older saved model still loads.
 * `activeFileTitle` and `activeFileMimeType` are kept beside `activeFileId` so the widget can embed
 * the file without a drive call of its own.
 */
export const UserModelSchema = z.object({
  activeFileId: z._default(z.nullable(z.string()), null),
  activeFilePerm: z._default(PublicRoleSchema, 'none'),
  activeFileTitle: z._default(z.nullable(z.string()), null),
  activeFileMimeType: z._default(z.nullable(z.string()), null),
  breadcrumb: z._default(z.array(BreadcrumbEntrySchema).check(z.minLength(1)), () => ROOT_BREADCRUMB.map((b) => ({ ...b }))),
  lockCornersTogether: z._default(z.boolean(), true),
  cornerRadiusTopLeft: radius,
  cornerRadiusTopRight: radius,
  cornerRadiusBottomLeft: radius,
  cornerRadiusBottomRight: radius,
  locale: z.pipe(
    z._default(z.string().check(z.minLength(1)), 'en'),
    z.transform((l: string) => l.toLowerCase()),
  ),
  borderColor: z._default(z.string(), 'color_15'),
  borderWidth: z._default(z.number().check(z.minimum(0)), 0),
  backgroundColor: z._default(z.string(), 'color_11'),
  font: z._default(z.nullable(FontValueSchema), null),
});
export type UserModel = z.output<typeof UserModelSchema>;
export type UserModelInput = z.input<typeof UserModelSchema>;

export function defaultUserModel(): UserModel {
  return UserModelSchema.parse({});
}
