import type { BreadcrumbEntry } from '../../api/schemas';

/**
 * The trail after opening `folder` (spec §4): a folder already in the trail cuts it after that
 * entry; a new folder is appended.
 */
export function nextBreadcrumb(trail: readonly BreadcrumbEntry[], folder: BreadcrumbEntry): BreadcrumbEntry[] {
  const at = trail.findIndex((entry) => entry.id === folder.id);
  if (at >= 0) return trail.slice(0, at + 1).map((e) => ({ ...e }));
  return [...trail.map((e) => ({ ...e })), { id: folder.id, title: folder.title }];
}
