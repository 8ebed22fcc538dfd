/**
 * What the widget page keeps of its work, least recently used leaving first: the pages it
 * rendered, each under the reader's view of one widget, and the models it read. Every request
 * reads the current revision from the database first and takes a kept page only when it was made
 * of exactly what was read (the revision, the model and the native content's version), so a page
 * is never older than a save any instance has acknowledged; the cache only spares the work.
 */
import { readUserModel, type UserModel } from '../../../src/contract/userModel';
import type { StoredSettings } from '../db/settingsStore';
import { LruCache } from '../lruCache';

/** A widget page: what it was made of, its ETag, and its HTML once rendered. */
export interface KeptPage {
  readonly revision: number;
  readonly modelJson: string;
  readonly contentVersion: number | null;
  readonly etag: string;
  html?: string;
}

/** What the page needs of one read of the settings: the model as read (JSON) and as the page takes it. */
export interface ReadModel {
  readonly json: string;
  readonly model: UserModel;
}

/** Models read by the widget page kept parsed (each at most the body limit). */
const MODELS_KEPT = 100;

/**
 * The widget pages of this server: one kept page per reader's view of a widget (the latest one
 * made), and the models read, parsed once. Visitors of a widget share its reads (coalescedReads),
 * so what a read holds is worked out once per read.
 */
export class WidgetPages {
  private readonly pages = new LruCache<KeptPage>();
  private readonly models = new LruCache<UserModel>(MODELS_KEPT);
  private readonly reads = new WeakMap<StoredSettings, ReadModel>();

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

  /** The page of one reader's view of a widget (`view`) made of exactly this: the kept one, or a new one. */
  page(view: string, revision: number, read: ReadModel, contentVersion: number | null, etagOf: () => string): KeptPage {
    const kept = this.pages.get(view);
    if (kept && kept.revision === revision && kept.contentVersion === contentVersion && kept.modelJson === read.json) return kept;
    const page: KeptPage = { revision, modelJson: read.json, contentVersion, etag: etagOf() };
    this.pages.set(view, page);
    return page;
  }
}
