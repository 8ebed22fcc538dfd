/**
 * Provider rules (pure): which files are editable, what public role a permission list gives, how a
 * mime type is named. The panel and the widget both use them; nothing else knows the drive's shapes.
 */
import type { Permission } from '../api/schemas';
import type { PublicRole } from '../contract/userModelFields';

const NATIVE = 'application/vnd.google-apps.';

export const FOLDER_MIME = NATIVE + 'folder';

/** Drive-native documents: the only files anyone could edit in place. */
export const EDITABLE_NATIVE_TYPES = ['document', 'spreadsheet', 'presentation', 'drawing'].map((t) => NATIVE + t);
export const FORM_MIME = NATIVE + 'form';

/** Spec §5: files that are not drive-native documents, or that are forms, are not editable. */
export function isEditable(mimeType: string): boolean {
  return EDITABLE_NATIVE_TYPES.includes(mimeType);
}

export const isFolderType = (mimeType: string): boolean => mimeType === FOLDER_MIME;

/** The public role a file's permissions give to anyone (type 'anyone'). */
export function publicRoleOf(permissions: readonly Permission[]): PublicRole {
  let role: PublicRole = 'none';
  for (const p of permissions) {
    if (p.type !== 'anyone') continue;
    if (p.role === 'writer' || p.role === 'owner' || p.role === 'organizer' || p.role === 'fileOrganizer') return 'writer';
    if (p.role === 'reader' || p.role === 'commenter') role = 'reader';
  }
  return role;
}

/** The drive provider's start page, opened by the create-new-file button. */
export const DRIVE_START_URL = 'https://drive.google.com/drive/my-drive';

export type FileKind =
  'folder' | 'document' | 'spreadsheet' | 'presentation' | 'drawing' | 'form' | 'pdf' | 'image' | 'video' | 'audio' | 'text' | 'archive' | 'file';

export function fileKind(mimeType: string): FileKind {
  if (mimeType === FOLDER_MIME) return 'folder';
  if (mimeType.startsWith(NATIVE)) {
    const t = mimeType.slice(NATIVE.length);
    if (t === 'document' || t === 'spreadsheet' || t === 'presentation' || t === 'drawing' || t === 'form') return t;
    return 'file';
  }
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('text/')) return 'text';
  if (/wordprocessingml|msword/.test(mimeType)) return 'document';
  if (/spreadsheetml|ms-excel/.test(mimeType)) return 'spreadsheet';
  if (/presentationml|ms-powerpoint/.test(mimeType)) return 'presentation';
  if (/zip|compressed|tar/.test(mimeType)) return 'archive';
  return 'file';
}
