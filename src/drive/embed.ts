/**
 * The URL that embeds a file in the widget (platform-notes: embedding). Drive-native documents
 * open in their own viewer, in the editor when anyone may write; forms open their form; every
 * other file opens in the drive's preview. `hl` asks for the site's language; `resourcekey` is the
 * key of a file shared by link before the drive's 2021 security update, without which visitors
 * get "You need access".
 */
import { isResourceKey } from '../contract/resourceKey';
import type { PublicRole } from '../contract/userModelFields';

const NATIVE = 'application/vnd.google-apps.';
const DOC_PATHS: Record<string, string> = {
  [NATIVE + 'document']: 'document',
  [NATIVE + 'spreadsheet']: 'spreadsheets',
  [NATIVE + 'presentation']: 'presentation',
  [NATIVE + 'drawing']: 'drawings',
};

export function embedUrl(fileId: string, mimeType: string, role: PublicRole, locale: string, resourceKey: string | null = null): string {
  const id = encodeURIComponent(fileId);
  const hl = encodeURIComponent(locale || 'en') + (isResourceKey(resourceKey) ? `&resourcekey=${resourceKey}` : '');
  const docPath = DOC_PATHS[mimeType];
  if (docPath) return `https://docs.google.com/${docPath}/d/${id}/${role === 'writer' ? 'edit' : 'preview'}?hl=${hl}`;
  if (mimeType === NATIVE + 'form') return `https://docs.google.com/forms/d/${id}/viewform?embedded=true&hl=${hl}`;
  return `https://drive.google.com/file/d/${id}/preview?hl=${hl}`;
}
