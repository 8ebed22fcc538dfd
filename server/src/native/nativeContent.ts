/**
 * Native content of a widget (issue 20, points 1, 2 and 5). A page is served from the stored copy
 * at once; the drive is asked in the background at most once a minute per widget's file (claimed
 * in the database, so across every instance), and a new `version` renders again. Only while no
 * copy exists does a page wait for the drive, at most `firstRenderWaitMs`, and then shows the
 * drive's viewer instead; that first check is claimed as any other, so visitors never make the
 * drive be asked more often. A file made private stops being shown to visitors at the next check
 * (at once when the owner makes it private through our api: `madePrivate`, for every widget of the
 * site, before the panel's save says so); a deleted one
 * (404) stops being shown to anyone. A failing or slow drive leaves the stored copy on the page.
 * A version's failed render is remembered across the fleet (renderFailures.ts): one that can
 * never be rendered (too large, nested too deep: UnrenderableError) is neither fetched nor
 * rendered again until the file changes on the drive, one that failed or ran past its time limit
 * not before its backoff ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UserModel } from '#client/contract/userModel';
import { nativeKindOf, showsNatively, type NativeKind } from '#client/drive/display';
import { publicRoleOf } from '#client/drive/rules';
import type { SettingsKey } from '../db/settingsStore';
import { DriveRequestError } from '../drive/errors';
import { errorReply, type DriveService } from '../drive/driveService';
import type { DriveGrants } from '../oauth/grants';
import { RenderBusyError, RenderFailedError, type Renderer } from '../render/renderPool';
import { UnrenderableError } from '../render/unrenderable';
import { createPdfRenderer, type PdfRenderer } from '../render/pdfPages';
import type { ContentStore } from './contentStore';
import type { DriveContent, FileInfo } from './driveContent';
import { IMAGE_WIDTHS, renderKind, type FileRef } from './kindRenders';
import type { OwnerRenders } from './ownerRenders';
import { RenderBackoffError, type RenderFailures } from './renderFailures';

export const CHECK_INTERVAL_MS = 60_000;
export { IMAGE_WIDTHS };

export interface NativeContentOptions {
  store: ContentStore;
  grants: DriveGrants;
  service: DriveService;
  drive: DriveContent;
  renderer: Renderer;
  /** Draws a PDF's pages (default: poppler, pdfPages.ts). */
  pdfRenderer?: PdfRenderer;
  /** The fleet's memory of failed renders. */
  failures: RenderFailures;
  /** The owner's new renders per widget, claimed for the fleet. */
  ownerRenders: OwnerRenders;
  log: FastifyBaseLogger;
  firstRenderWaitMs?: number;
  /** How often at most the drive is asked about one widget's file (default CHECK_INTERVAL_MS). */
  checkIntervalMs?: number;
}

import { PANEL_RENDER_WAIT_MS, ContentNotReadyError, type ElementContent, type PageContent, type PageRendering } from './nativeAnswers';

export { PANEL_RENDER_WAIT_MS, ContentNotReadyError, type ElementContent, type PageContent, type PageRendering };

/** Who asks the drive: a claimed check (a page's, the element's), or the owner's panel (at once, with its own limit on new renders). */
type Asker = 'check' | 'owner';

/** The resource key the model keeps for `fileId` (a file shared by link before 2021), or null. */
const resourceKeyOf = (model: UserModel, fileId: string): string | null => (model.activeFileId === fileId ? model.activeFileResourceKey : null);

export class NativeContent {
  private readonly running = new Map<string, Promise<void>>();
  /** The versions this instance is rendering, by file id and version: one render each. */
  private readonly storing = new Map<string, Promise<void>>();
  private readonly pdfRenderer: PdfRenderer;

  constructor(private readonly options: NativeContentOptions) {
    this.pdfRenderer = options.pdfRenderer ?? createPdfRenderer();
  }

  private get checkIntervalMs(): number {
    return this.options.checkIntervalMs ?? CHECK_INTERVAL_MS;
  }

  /** What the widget page shows natively for this model, or null (the drive's viewer, or nothing). The body is read only when asked. */
  async forPage(key: SettingsKey, model: UserModel, isOwner: boolean): Promise<PageRendering | null> {
    const fileId = model.activeFileId;
    if (!fileId || !showsNatively(model.display, model.activeFileMimeType)) return null;
    if (!isOwner && model.activeFilePerm === 'none') return null;
    const { store } = this.options;
    let shown = await store.shownVersion(key, fileId);
    const resourceKey = resourceKeyOf(model, fileId);
    if (shown) this.checkInBackground(key, fileId, resourceKey);
    else {
      await this.firstRender(key, fileId, resourceKey);
      shown = await store.shownVersion(key, fileId);
    }
    if (!shown || (!isOwner && !shown.public)) return null;
    const { version } = shown;
    return { version, public: shown.public && model.activeFilePerm !== 'none', html: () => store.rendering(fileId, version) };
  }

  /**
   * The custom element fetching the rendering its attribute names (the public route, src/contract/elementContent.ts):
   * answered from the stored copy, never waiting for the drive, as a page is; the drive is asked in the
   * background at most once per check interval. The element shows what the site's published page
   * carries, and the stored model is the editor's draft until the owner publishes: choosing another
   * file or the drive's viewer in the editor changes nothing on the live page, so only what is true on
   * the drive counts (a new version; private or deleted: null), and the owner making this very file
   * private in the panel (which unshares it on the drive) counts at once. A file this widget never
   * rendered is null, and the drive is not asked for it.
   */
  async forVisitor(key: SettingsKey, model: UserModel, fileId: string): Promise<PageContent | null> {
    if (model.activeFileId === fileId && model.activeFilePerm === 'none') return null;
    const shown = await this.options.store.shown(key, fileId);
    if (!shown) return null;
    this.checkInBackground(key, fileId, resourceKeyOf(model, fileId));
    return shown.public ? { html: shown.html, version: shown.version } : null;
  }

  /**
   * The owner's panel, for the custom element's `content` attribute, which the site's public page
   * carries: the drive is asked now (not at most once a minute), so a new version, a file shared or
   * made private or deleted counts at once; the answer is what any visitor may see, or null. While
   * the widget has a copy of the file, a new version is rendered for the owner at most once per
   * check interval per widget (an owner editing the document would store a copy per ask): between,
   * the copy is answered, with the drive's sharing. A drive failing or slower than `waitMs` leaves
   * the stored copy; without one, ContentNotReadyError (with the backoff of a version whose render
   * failed), the UnrenderableError of a file that can never be shown as part of the page, or the
   * renderer's RenderBusyError.
   */
  async forElement(key: SettingsKey, model: UserModel, waitMs = PANEL_RENDER_WAIT_MS): Promise<ElementContent | null> {
    const fileId = model.activeFileId;
    if (!fileId || !showsNatively(model.display, model.activeFileMimeType) || model.activeFilePerm === 'none') return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, waitMs, 'late')));
    let problem: unknown = null;
    const checked = await Promise.race([this.refresh(key, fileId, 'owner', model.activeFileResourceKey).catch((error: unknown) => (problem = error)), late]);
    clearTimeout(timer);
    if (problem) this.failed(problem);
    const shown = await this.options.store.shown(key, fileId);
    if (!shown) {
      // The drive's own refusals (not connected, access ended, busy) and a full renderer say themselves; anything else is "not ready yet".
      if (problem instanceof UnrenderableError || problem instanceof RenderBusyError || (problem !== null && errorReply(problem))) throw problem;
      if (problem instanceof RenderBackoffError) throw new ContentNotReadyError(problem, problem.retryAfterSeconds);
      if (problem !== null || checked === 'late') throw new ContentNotReadyError(problem);
      return null;
    }
    return shown.public ? { fileId, html: shown.html, version: shown.version } : null;
  }

  private async firstRender(key: SettingsKey, fileId: string, resourceKey: string | null): Promise<void> {
    if (!(await this.options.store.claimCheck(key, fileId, this.checkIntervalMs))) return;
    const wait = this.options.firstRenderWaitMs ?? 4000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, wait)));
    await Promise.race([this.refresh(key, fileId, 'check', resourceKey).catch((error: unknown) => this.failed(error)), late]);
    clearTimeout(timer);
  }

  private checkInBackground(key: SettingsKey, fileId: string, resourceKey: string | null): void {
    this.options.store
      .claimCheck(key, fileId, this.checkIntervalMs)
      .then(
        (claimed) => (claimed ? this.refresh(key, fileId, 'check', resourceKey) : undefined),
        (error: unknown) => this.failed(error),
      )
      .catch((error: unknown) => this.failed(error));
  }

  private failed(error: unknown): void {
    // The stored copy stays; the message names no token or URL (the drive's errors carry none).
    this.options.log.warn({ problem: error instanceof Error ? error.message : String(error) }, 'native content not refreshed');
  }

  /**
   * The owner removes the file's public permission through our api: called before the drive is
   * asked and again once it answered. From the first call no widget of the site shows the file to
   * visitors (every page reads the flag from the database, so every server instance at once); the
   * second one dates the hiding after the drive's change, so a check that read the sharing before it
   * (still public) cannot make the file public again.
   */
  async madePrivate(key: SettingsKey, fileId: string): Promise<void> {
    await this.options.store.hide(key.instanceId, fileId);
  }

  /**
   * The owner shared the file through our api: the drive now gives it to anyone, so the site's
   * widgets that have a copy show it again at once, each where its saved model shares it (a widget
   * whose model still says private waits for its save, as before).
   */
  async madePublic(key: SettingsKey, fileId: string): Promise<void> {
    await this.options.store.reveal(key.instanceId, fileId);
  }

  /** Asks the drive for the file's version and public role; renders a new version. One at a time per widget. */
  refresh(key: SettingsKey, fileId: string, asker: Asker = 'check', resourceKey: string | null = null): Promise<void> {
    const id = `${key.instanceId}\n${key.compId}\n${fileId}`;
    const running = this.running.get(id);
    if (running) return running;
    const work = this.refreshNow(key, fileId, asker, resourceKey).finally(() => this.running.delete(id));
    this.running.set(id, work);
    return work;
  }

  private async refreshNow(key: SettingsKey, fileId: string, asker: Asker, resourceKey: string | null): Promise<void> {
    const { store, grants, service, drive } = this.options;
    const askedAt = await store.now();
    let info: FileInfo;
    try {
      info = await grants.withAccess(key, (token) => drive.fileInfo(token, fileId, resourceKey));
    } catch (error) {
      if (error instanceof DriveRequestError && error.status === 404) return store.forget(key);
      throw error;
    }
    const kind = nativeKindOf(info.mimeType);
    if (!kind) return store.forget(key);
    const isPublic = publicRoleOf((await service.permissionsList(key, fileId, resourceKey)).items) !== 'none';
    if (!(await store.hasRendering(fileId, info.version))) {
      // The stored copy's sharing follows the drive even when the new version cannot be rendered.
      await store.setPublic(key, fileId, isPublic, askedAt);
      if (asker === 'owner' && !(await this.ownerMayRender(key, fileId))) return;
      await this.storeVersion(key, { id: fileId, resourceKey }, kind, info);
    }
    await store.point(key, fileId, info.version, isPublic, askedAt);
  }

  /**
   * Renders and stores a version once at a time in this instance: a widget asking for a version
   * another widget is rendering (the same file in two widgets, or the panel and a page) waits for
   * that render instead of fetching and drawing the file again. It renders itself only if that one
   * stored nothing (its failure may be the other widget's drive access, not the version's: a
   * version known to fail is refused by renderOnce without a drive call).
   */
  private async storeVersion(key: SettingsKey, file: FileRef, kind: NativeKind, info: FileInfo): Promise<void> {
    const id = `${file.id}\n${info.version}`;
    const other = this.storing.get(id);
    if (other) {
      await other.catch(() => undefined);
      if (await this.options.store.hasRendering(file.id, info.version)) return;
    }
    const work = (async () => this.options.store.saveRendering(file.id, info.version, await this.renderOnce(key, file, kind, info)))();
    this.storing.set(id, work);
    try {
      await work;
    } finally {
      if (this.storing.get(id) === work) this.storing.delete(id);
    }
  }

  /** A new version for the owner's panel: always while the widget has no copy of the file, else once per check interval per widget (across the fleet). */
  private async ownerMayRender(key: SettingsKey, fileId: string): Promise<boolean> {
    if (!(await this.options.store.shownVersion(key, fileId))) return true;
    return this.options.ownerRenders.claim(key, this.checkIntervalMs);
  }

  /**
   * Renders a version, unless the fleet knows it fails (then why, with no drive call: its
   * unrenderable verdict, or its backoff). A failure of the version itself is remembered; the
   * drive's failures and a full renderer are not (they say nothing of the version).
   */
  private async renderOnce(key: SettingsKey, file: FileRef, kind: NativeKind, info: FileInfo): Promise<string> {
    const { failures } = this.options;
    const known = await failures.known(file.id, info.version);
    if (known) throw known;
    try {
      const html = await this.render(key, file, kind, info);
      await failures.rendered(file.id, info.version);
      return html;
    } catch (error) {
      if (error instanceof UnrenderableError || error instanceof RenderFailedError) {
        await failures.record(file.id, info.version, error).catch((problem: unknown) => this.failed(problem));
      }
      throw error;
    }
  }

  private render(key: SettingsKey, file: FileRef, kind: NativeKind, info: FileInfo): Promise<string> {
    const { grants, drive, renderer, store } = this.options;
    return renderKind({ key, grants, drive, renderer, store, pdfRenderer: this.pdfRenderer }, file, kind, info);
  }
}
