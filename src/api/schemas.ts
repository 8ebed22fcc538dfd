/**
 * The shapes the backend answers with, checked at the edge (the api client).
 * Types are derived from the schemas so the rest of the code trusts them.
 * Mirage imports these types too, so the mock and the client cannot drift apart.
 * zod's tree-shakable `mini` build keeps the pages small. The user model is read field by field
 * without a schema library (userModel.ts), so the widget's first bundle carries no zod.
 */
import { z } from 'zod/mini';

export {
  FOLDER_MIME,
  MAX_BORDER_WIDTH,
  isKnownColour,
  readUserModel,
  PUBLIC_ROLES,
  ROOT_BREADCRUMB,
  defaultUserModel,
  type BreadcrumbEntry,
  type FontValue,
  type PublicRole,
  type UserModel,
  type UserModelInput,
} from './userModel';

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
