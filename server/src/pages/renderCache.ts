/**
 * The rendered widget pages of this instance, by their ETag, which names the settings' revision,
 * a digest of the model read with it, the template and the reader's view. Every request reads the
 * current revision from the database first and looks up only that, so a page is never older than
 * a save any instance has acknowledged; the cache only spares the render. Least recently used
 * pages leave first.
 */
export class RenderCache {
  private readonly pages = new Map<string, string>();

  constructor(private readonly maxPages = 1_000) {}

  get(etag: string): string | undefined {
    const html = this.pages.get(etag);
    if (html === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks the page as recently used.
    this.pages.delete(etag);
    this.pages.set(etag, html);
    return html;
  }

  set(etag: string, html: string): void {
    this.pages.delete(etag);
    this.pages.set(etag, html);
    if (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value as string);
  }

  get size(): number {
    return this.pages.size;
  }
}
