/**
 * The shapes the backend answers with, checked at the edge (the api client).
 * Types are derived from the schemas so the rest of the code trusts them.
 * Mirage imports these types too, so the mock and the client cannot drift apart.
 */
import { z } from 'zod';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** The public ("anyone") role of a file: none means private. */
export const PublicRoleSchema = z.enum(['none', 'reader', 'writer']);
export type PublicRole = z.infer<typeof PublicRoleSchema>;

export const OwnerSchema = z.object({
  displayName: z.string(),
  emailAddress: z.string().optional(),
  isAuthenticatedUser: z.boolean().optional(),
});

export const DriveFileSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  mimeType: z.string(),
  modifiedDate: z.string().optional(),
  owners: z.array(OwnerSchema).optional(),
  fileSize: z.string().optional(),
  iconLink: z.string().optional(),
});
export type DriveFile = z.infer<typeof DriveFileSchema>;

export const FileListSchema = z.object({
  items: z.array(DriveFileSchema),
  nextPageToken: z.string().nullish(),
});
export type FileList = z.infer<typeof FileListSchema>;

export const PermissionSchema = z.object({
  id: z.string().optional(),
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
    picture: z.object({ url: z.string() }).optional(),
  }),
});
export type About = z.infer<typeof AboutSchema>;

export const BreadcrumbEntrySchema = z.object({ id: z.string().min(1), title: z.string() });
export type BreadcrumbEntry = z.infer<typeof BreadcrumbEntrySchema>;

export const FontStyleSchema = z.object({ bold: z.boolean(), italic: z.boolean(), underline: z.boolean() });
export const FontValueSchema = z.object({
  size: z.number(),
  style: FontStyleSchema,
  family: z.string().min(1),
  cssFontFamily: z.string().optional(),
  preset: z.string().min(1),
  fontStyleParam: z.boolean().optional(),
});
export type FontValue = z.infer<typeof FontValueSchema>;

export const ROOT_BREADCRUMB: readonly BreadcrumbEntry[] = Object.freeze([{ id: 'root', title: 'My Drive' }]);

/**
 * The user model (spec §3). Missing fields take their defaults, so an older saved model still loads.
 * `activeFileTitle` and `activeFileMimeType` are kept beside `activeFileId` so the widget can embed
 * the file without a drive call of its own.
 */
export const UserModelSchema = z.object({
  activeFileId: z.string().nullable().default(null),
  activeFilePerm: PublicRoleSchema.default('none'),
  activeFileTitle: z.string().nullable().default(null),
  activeFileMimeType: z.string().nullable().default(null),
  breadcrumb: z.array(BreadcrumbEntrySchema).min(1).default(() => ROOT_BREADCRUMB.map((b) => ({ ...b }))),
  lockCornersTogether: z.boolean().default(true),
  cornerRadiusTopLeft: z.number().min(0).default(0),
  cornerRadiusTopRight: z.number().min(0).default(0),
  cornerRadiusBottomLeft: z.number().min(0).default(0),
  cornerRadiusBottomRight: z.number().min(0).default(0),
  locale: z.string().min(1).default('en').transform((l) => l.toLowerCase()),
  borderColor: z.string().default('color_15'),
  borderWidth: z.number().min(0).default(0),
  backgroundColor: z.string().default('color_11'),
  font: FontValueSchema.nullable().default(null),
});
export type UserModel = z.output<typeof UserModelSchema>;
export type UserModelInput = z.input<typeof UserModelSchema>;

export function defaultUserModel(): UserModel {
  return UserModelSchema.parse({});
}
