/**
 * A drive file id. Ids travel into the drive's URL paths (`/files/{id}/permissions`,
 * `/file/d/{id}/preview`), so `.`, `..` and anything holding a `/` (or a control character) is
 * refused before any request is built or anything is stored.
 */
import { isStorableText, MAX_ID_LENGTH } from './text';

export function isValidFileId(id: unknown): id is string {
  if (!isStorableText(id, MAX_ID_LENGTH) || id === '' || id === '.' || id === '..') return false;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code === 0x2f || code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export function invalidFileIdMessage(id: unknown): string {
  return `"${String(id).slice(0, 40)}" is not a valid file id: a file id may not be "." or ".." or hold a "/".`;
}
