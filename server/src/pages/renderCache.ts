/**
 * What the widget page keeps of its work, least recently used leaving first: the pages it
 * rendered, each under the reader's view of one widget, and the models it read. Every request
 * reads the current revision from the database first and takes a kept page only when it was made
 * of exactly what was read (the revision, the model and the native content's version), so a page
 * is never older than a save any instance has acknowledged; the cache only spares the work. Both
 * are bounded by the memory they hold (PAGE_CACHE_BYTES, MODEL_CACHE_BYTES), not by their number:
 * a page carries its native content, up to a whole document.
 */
import { readUserModel, type UserModel } from '#client/contract/userModel';
import type { StoredSettings } from '../db/settingsStore';
import { LruCache, stringBytes } from '../lruCache';

/** A widget page: what it was made of, its ETag, and its HTML once rendered. */
export interface KeptPage {
  readonly revision: number;
  readonly modelJson: string;
  readonly contentVersion: number | null;
  /** Until when its image paths are signed for the owner (imageSignature.ts), or null: unsigned. */
  readonly imagesSignedUntil: number | null;
  readonly etag: string;
  html?: string;
}

/** What the page needs of one read of the settings: the model as read (JSON) and as the page takes it. */
export interface ReadModel {
  readonly json: string;
  readonly model: UserModel;
}

/** What the widget page keeps in memory, in bytes: its pages (HTML included) and its parsed models. */
export interface WidgetPagesBudget {
  pageBytes: number;
  modelBytes: number;
}

export const WIDGET_PAGES_BUDGET: WidgetPagesBudget = { pageBytes: 64 * 1024 * 1024, modelBytes: 4 * 1024 * 1024 };
/** What an entry costs beside its strings (the map's entry, the objects). */
const ENTRY_BYTES = 200;

const pageBytes = (page: KeptPage, view: string) =>
  stringBytes(view) + stringBytes(page.modelJson) + stringBytes(page.etag) + stringBytes(page.html ?? '') + ENTRY_BYTES;
/** A parsed model holds about what its JSON (the key) does. */
const modelBytes = (_model: UserModel, json: string) => 2 * stringBytes(json) + ENTRY_BYTES;

/**
 * The widget pages of this server: one kept page per reader's view of a widget (the latest one
 * made), and the models read, parsed once. Visitors of a widget share its reads (coalescedReads),
 * so what a read holds is worked out once per read.
 */
export class WidgetPages {
  private readonly pages: LruCache<KeptPage>;
  private readonly models: LruCache<UserModel>;
  private readonly reads = new WeakMap<StoredSettings, ReadModel>();

  constructor(budget: WidgetPagesBudget = WIDGET_PAGES_BUDGET) {
    this.pages = new LruCache({ maxEntries: Number.POSITIVE_INFINITY, maxBytes: budget.pageBytes, sizeOf: pageBytes });
    this.models = new LruCache({ maxEntries: Number.POSITIVE_INFINITY, maxBytes: budget.modelBytes, sizeOf: modelBytes });
  }

  modelOf(stored: StoredSettings): ReadModel {
    const seen = this.reads.get(stored);
    if (seen) return seen;
    const json = JSON.stringify(stored.model);
    let model = this.models.get(json);
    if (model === undefined) this.models.set(json, (model = readUserModel(stored.model).model));
    const read = { json, model };
    this.reads.set(stored, read);
    return read;
  }

  /**
   * The page of one reader's view of a widget (`view`) made of exactly this: the kept one, or a new
   * one. A page whose images are signed is kept only for its signing window (`imagesSignedUntil`).
   */
  page(
    view: string,
    revision: number,
    read: ReadModel,
    contentVersion: number | null,
    etagOf: () => string,
    imagesSignedUntil: number | null = null,
  ): KeptPage {
    const kept = this.pages.get(view);
    if (
      kept &&
      kept.revision === revision &&
      kept.contentVersion === contentVersion &&
      kept.imagesSignedUntil === imagesSignedUntil &&
      kept.modelJson === read.json
    )
      return kept;
    const page: KeptPage = { revision, modelJson: read.json, contentVersion, imagesSignedUntil, etag: etagOf() };
    this.pages.set(view, page);
    return page;
  }

  /** The page's HTML, once rendered: kept with it while it is the view's page and fits the budget. */
  keepHtml(view: string, page: KeptPage, html: string): void {
    page.html = html;
    // Kept again, so its HTML counts (or it leaves, when larger than the whole budget).
    if (this.pages.get(view) === page) this.pages.set(view, page);
  }

  /** The bytes the kept pages hold. */
  get pagesBytes(): number {
    return this.pages.bytes;
  }
}
