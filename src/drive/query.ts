/**
 * The drive listing query (spec §7): the folder's children that are not trashed, or files not
 * owned by the owner. Grouping is written out so the query reads one way only.
 */
export function quoteQueryValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function folderQuery(folderId: string): string {
  return `trashed = false and (${quoteQueryValue(folderId)} in parents or not 'me' in owners)`;
}
