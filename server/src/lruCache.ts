/**
 * A bounded map whose least recently used entry leaves first: what the server keeps of its own
 * work in memory (the widget pages it rendered, the models it read, the instances it verified).
 * Bounded by its number of entries and, given `sizeOf`, by the bytes they hold: an entry larger
 * than the whole budget is not kept.
 */
export interface LruLimits<V> {
  /** Default 1,000. */
  maxEntries?: number;
  /** The most bytes the entries may hold, as `sizeOf` counts them (default: no limit). */
  maxBytes?: number;
  /** An entry's bytes (its key's included); default 0. */
  sizeOf?: (value: V, key: string) => number;
}

/** What a string costs in memory at most (V8 keeps two bytes per UTF-16 unit when it is not Latin-1). */
export const stringBytes = (text: string): number => 2 * text.length;

interface Entry<V> {
  value: V;
  bytes: number;
}

export class LruCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: V, key: string) => number;
  private used = 0;

  constructor({ maxEntries = 1_000, maxBytes = Number.POSITIVE_INFINITY, sizeOf = () => 0 }: LruLimits<V> = {}) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` (counted anew when the key was kept already), then drops the least recently used until all fit. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value, key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    while (this.entries.size > this.maxEntries || this.used > this.maxBytes) this.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries hold, as `sizeOf` counts them. */
  get bytes(): number {
    return this.used;
  }
}
