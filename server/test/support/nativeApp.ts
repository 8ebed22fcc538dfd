/**
 * What the native content tests share: a PGlite with a warmed render worker, a drive app whose
 * owner has connected the fake drive (fresh tables for each test), the Welcome document's model,
 * the background check's clock moved on, and a wait by time (a render is slow on a loaded machine).
 */
import { DRIVE_IDS } from '../../../mirage/driveIds';
import type { Config } from '../../src/config';
import type { DriveAccess } from '#client/contract/driveAccess';
import type { Database } from '../../src/db/database';
import type { BuiltPages } from '../../src/pages/builtPages';
import type { PdfRenderer } from '../../src/render/pdfPages';
import type { Renderer } from '../../src/render/renderPool';
import { startDriveApp, type DriveApp } from './driveApp';
import { connectThroughPopup } from './connectPopup';
import { testRenderer } from './renderer';
import type { Who } from './requests';
import { openTestDatabase } from './testApp';

/** The fake drive's Welcome document, shared with anyone who has the link. */
export const WELCOME_DOC = {
  activeFileId: DRIVE_IDS.welcomeDoc,
  activeFilePerm: 'reader',
  activeFileTitle: 'Welcome',
  activeFileMimeType: 'application/vnd.google-apps.document',
};

/** A test file's database and render worker (the worker's first render done, so tests time renders alone). */
export async function openNativeTest(): Promise<{ db: Database; renderer: Renderer }> {
  const db = await openTestDatabase();
  const renderer = testRenderer({ timeoutMs: 120_000 });
  await renderer.render('text', 'warm up');
  return { db, renderer };
}

/** Connects the owner (`who`) to the fake drive through the consent page, as the panel and its popup do. */
export async function connectOwner(t: DriveApp, who: Who): Promise<void> {
  await connectThroughPopup(t, { who });
}

/** What a test's app may take besides the defaults: more of its configuration, the drive's mode, a PDF renderer (e.g. a smaller page limit). */
export interface NativeAppOptions {
  config?: Partial<Config>;
  access?: DriveAccess;
  pdfRenderer?: PdfRenderer;
}

/** A test's app on emptied tables, with the owner (`who`) connected through the consent page. */
export async function startConnectedNativeApp(
  db: Database,
  renderer: Renderer,
  who: Who,
  pages: BuiltPages | null = null,
  { config = {}, access = 'browse', pdfRenderer }: NativeAppOptions = {},
): Promise<DriveApp> {
  await db.query(
    'TRUNCATE drive_tokens, oauth_pending, oauth_pending_grants, widget_settings, native_renderings, native_rendering_images, native_widget_content, native_images, native_render_failures, native_owner_renders',
  );
  const t = await startDriveApp(db, undefined, { pages, renderer: lentRenderer(renderer), pdfRenderer, config, access });
  await connectOwner(t, who);
  return t;
}

/** Another instance of the server on the same database and fake drive as `t` (its owner's grant readable: the same token key). */
export async function startAnotherInstance(db: Database, renderer: Renderer, t: DriveApp): Promise<DriveApp> {
  return startDriveApp(db, t.fake, { renderer: lentRenderer(renderer), config: { drive: t.config.drive } });
}

/**
 * The file's render worker lent to one test's app. The app closes its renderer when it closes;
 * closing the lent one fails the renders still running, as closing the worker would, but leaves the
 * worker warm for the next test (starting one costs more than a render: jsdom loaded and compiled).
 */
function lentRenderer(renderer: Renderer): Renderer {
  const stop = new AbortController();
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(new Error('The render worker stopped.')), { once: true }),
  );
  stopped.catch(() => undefined);
  return {
    render: (kind, source, images) => (stop.signal.aborted ? stopped : Promise.race([renderer.render(kind, source, images), stopped])),
    close: async () => stop.abort(),
  };
}

/** Lets the background check run again: the next read asks the drive (the minute has passed). */
export const ageChecks = (db: Database) => db.query("UPDATE native_widget_content SET checked_at = now() - interval '2 minutes'");

/** Waits until `ok` holds, by time (60 s), not by tries. */
export async function until(ok: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
