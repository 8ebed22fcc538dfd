/**
 * What the widget page keeps of its work, least recently used leaving first: the pages it
 * rendered, each under the reader's view of one widget, and the models it read. Every request
 * reads the current revision from the database first and takes a kept page only when it was made
 * of exactly what was read (the revision, the model and the native content's version), so a page
 * is never older than a save any instance has acknowledged; the cache only spares the work.
 */
export class RenderCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries = 1_000) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A widget page: what it was made of, its ETag, and its HTML once rendered. */
export interface KeptPage {
  readonly source: string;
  readonly etag: string;
  html?: string;
}

/** The page of one reader's view of a widget (`view`) made of `source`: the kept one, or a new one. */
export function keptPage(cache: RenderCache<KeptPage>, view: string, source: string, etagOf: () => string): KeptPage {
  const kept = cache.get(view);
  if (kept?.source === source) return kept;
  const page: KeptPage = { source, etag: etagOf() };
  cache.set(view, page);
  return page;
}
