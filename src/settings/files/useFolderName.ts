import { useCallback } from 'react';
import { ROOT_BREADCRUMB, type BreadcrumbEntry } from '../../api/schemas';
import { useT } from '../model';

const ROOT_ID = ROOT_BREADCRUMB[0]!.id;

/** The drive's top folder (id 'root'). */
export const isRootFolder = (entry: BreadcrumbEntry): boolean => entry.id === ROOT_ID;

/**
 * A folder's name as the panel shows it: the drive's top folder (id 'root') in the panel's
 * language; the trail saved in the user model keeps its stored title ('My Drive').
 */
export function useFolderName(): (entry: BreadcrumbEntry) => string {
  const t = useT();
  return useCallback((entry) => (isRootFolder(entry) ? t('files.root') : entry.title), [t]);
}
