/**
 * The drive listing queries (spec §7). My Drive's folders: the folder's children that are not
 * trashed, or files not owned by the owner. A shared drive's folders: the folder's children that
 * are not trashed (a shared drive's files have no owners, so "not owned by me" would list the
 * whole drive in every folder; its listing is asked of that drive only, `corpora=drive`).
 * Grouping is written out so the query reads one way only.
 */
export function quoteQueryValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function folderQuery(folderId: string): string {
  return `trashed = false and (${quoteQueryValue(folderId)} in parents or not 'me' in owners)`;
}

export function sharedDriveFolderQuery(folderId: string): string {
  return `trashed = false and ${quoteQueryValue(folderId)} in parents`;
}
