/**
 * Where a folder of the panel's trail is: in My Drive, in a shared drive, or the list of shared
 * drives itself. At the drive's top (`root`) the panel shows one more folder, "Shared drives"
 * (`SHARED_DRIVES_FOLDER`); opening it lists the account's shared drives as folders, and opening
 * one lists its top folder (a shared drive's top folder has the drive's id). The trail follows the
 * spec's rules unchanged, so a folder is in a shared drive when the trail's second entry is
 * "Shared drives", and the third names the drive.
 */
import type { DriveFile } from '../api/schemas';
import type { BreadcrumbEntry } from '../contract/userModelFields';
import { FOLDER_MIME } from './rules';

/** The id of the "Shared drives" folder (no drive id has this form: they are URL-safe base64 of 19 or more characters). */
export const SHARED_DRIVES_FOLDER: BreadcrumbEntry = Object.freeze({ id: 'shared-drives', title: 'Shared drives' });

/** The row the panel shows for it at the top of My Drive. */
export const SHARED_DRIVES_ROW: DriveFile = Object.freeze({ id: SHARED_DRIVES_FOLDER.id, title: SHARED_DRIVES_FOLDER.title, mimeType: FOLDER_MIME });

export type ListingTarget = { kind: 'myDrive'; folderId: string } | { kind: 'sharedDrives' } | { kind: 'sharedDrive'; driveId: string; folderId: string };

export const isSharedDrivesFolder = (entry: Pick<BreadcrumbEntry, 'id'>): boolean => entry.id === SHARED_DRIVES_FOLDER.id;

/** What listing the trail's last folder needs. */
export function listingTarget(trail: readonly BreadcrumbEntry[]): ListingTarget {
  const folder = trail[trail.length - 1];
  if (!folder || trail.length === 1) return { kind: 'myDrive', folderId: folder?.id ?? 'root' };
  const second = trail[1];
  if (second && isSharedDrivesFolder(second)) {
    const drive = trail[2];
    return drive ? { kind: 'sharedDrive', driveId: drive.id, folderId: folder.id } : { kind: 'sharedDrives' };
  }
  return { kind: 'myDrive', folderId: folder.id };
}
