import { useCallback } from 'react';
import { ROOT_BREADCRUMB, type BreadcrumbEntry } from '../../api/schemas';
import { isSharedDrivesFolder } from '../../drive/sharedDrives';
import { useT } from '../model';

const ROOT_ID = ROOT_BREADCRUMB[0]!.id;

/** The drive's top folder (id 'root') and "Shared drives": the panel's own words name them. */
export const isNamedByPanel = (entry: BreadcrumbEntry): boolean => entry.id === ROOT_ID || isSharedDrivesFolder(entry);

/**
 * A folder's name as the panel shows it: the drive's top folder (id 'root') and "Shared drives" in
 * the panel's language; the trail saved in the user model keeps their stored titles ('My Drive',
 * 'Shared drives').
 */
export function useFolderName(): (entry: BreadcrumbEntry) => string {
  const t = useT();
  return useCallback((entry) => (entry.id === ROOT_ID ? t('files.root') : isSharedDrivesFolder(entry) ? t('files.sharedDrives') : entry.title), [t]);
}
