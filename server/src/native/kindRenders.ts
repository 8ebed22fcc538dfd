/**
 * How each kind of file becomes a rendering (NativeContent decides when, and keeps it): a document's
 * HTML export with its images kept, a text file, a spreadsheet's sheets as tables, a PDF's or a
 * presentation's pages drawn by poppler (pdfPages.ts), an image's thumbnails. Every drive call is
 * made with the owner's grant; images are stored in PostgreSQL and named by our image route.
 */
import type { StoredImage } from '#client/drive/convertExport';
import type { NativeKind } from '#client/drive/display';
import type { SettingsKey } from '../db/settingsStore';
import type { DriveGrants } from '../oauth/grants';
import { exportImageSources, IMAGE_PATH_PREFIX } from '../render/exportLimits';
import { pagesSource, type PageOfJob } from '../render/pagesJob';
import type { PdfRenderer } from '../render/pdfPages';
import type { Renderer } from '../render/renderPool';
import { sheetsSource } from '../render/sheetsJob';
import type { ContentStore } from './contentStore';
import type { DriveContent, FileInfo } from './driveContent';

/** The sizes the server keeps of an image file, from the drive's thumbnails (px wide). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** A file as the drive's calls name it: its id, and its resource key when it has one. */
export interface FileRef {
  id: string;
  resourceKey: string | null;
}

/** What a render needs: the owner's widget (its grant), the drive, the render worker, poppler and the store. */
export interface RenderContext {
  key: SettingsKey;
  grants: DriveGrants;
  drive: DriveContent;
  renderer: Renderer;
  pdfRenderer: PdfRenderer;
  store: ContentStore;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The file's rendering for its kind. */
export async function renderKind(ctx: RenderContext, { id, resourceKey }: FileRef, kind: NativeKind, info: FileInfo): Promise<string> {
  const { key, grants, drive, renderer } = ctx;
  if (kind === 'text') return renderer.render('text', await grants.withAccess(key, (token) => drive.downloadText(token, id, resourceKey)));
  if (kind === 'image') return renderImage(ctx, info);
  if (kind === 'sheet') return renderSheets(ctx, { id, resourceKey });
  if (kind === 'pdf' || kind === 'slides') return renderPages(ctx, { id, resourceKey }, kind);
  const html = await grants.withAccess(key, (token) => drive.exportHtml(token, id, resourceKey));
  return renderer.render('document', html, await keepImages(ctx, exportImageSources(html)));
}

/** A spreadsheet: its sheets (which are hidden, their frozen rows) and its zipped HTML export, rendered as tables. */
async function renderSheets({ key, grants, drive, renderer }: RenderContext, { id, resourceKey }: FileRef): Promise<string> {
  const sheets = await grants.withAccess(key, (token) => drive.sheetsOf(token, id, resourceKey));
  const zip = await grants.withAccess(key, (token) => drive.exportZip(token, id, resourceKey));
  return renderer.render('sheets', sheetsSource({ fileId: id, zip: zip.toString('base64'), sheets }));
}

/**
 * A PDF file (its bytes) or a presentation (its PDF export): the first pages drawn by poppler
 * (pdfPages.ts), their images stored as a document's are, then the pages' HTML made and sanitized in the render worker.
 */
async function renderPages(ctx: RenderContext, { id, resourceKey }: FileRef, kind: 'pdf' | 'slides'): Promise<string> {
  const { key, grants, drive, renderer, store } = ctx;
  const pdf = await grants.withAccess(key, (token) => (kind === 'pdf' ? drive.downloadPdf(token, id, resourceKey) : drive.exportPdf(token, id, resourceKey)));
  const drawn = await ctx.pdfRenderer.render(pdf);
  const pages: PageOfJob[] = [];
  for (const page of drawn.pages) {
    const images: PageOfJob['images'] = [];
    for (const [width, image] of page.images) images.push({ width, path: IMAGE_PATH_PREFIX + (await store.saveImage(image.bytes, image.type)) });
    pages.push({ images, width: page.width, height: page.height, paragraphs: page.paragraphs });
  }
  const file = encodeURIComponent(id);
  const driveUrl = kind === 'pdf' ? `https://drive.google.com/file/d/${file}/view` : `https://docs.google.com/presentation/d/${file}/edit`;
  return renderer.render('pages', pagesSource({ kind, pages, total: drawn.total, driveUrl }));
}

/** An image as the owner may see it (driveContent.ts sends the token only where it may go). */
function ownersImage({ key, grants, drive }: RenderContext, url: string) {
  return grants.withAccess(key, (token) => drive.image(url, token));
}

async function keepImages(ctx: RenderContext, sources: readonly string[]): Promise<Map<string, StoredImage>> {
  const kept = new Map<string, StoredImage>();
  for (const src of sources) {
    const image = await ownersImage(ctx, src).catch(() => null);
    if (image) kept.set(src, { src: IMAGE_PATH_PREFIX + (await ctx.store.saveImage(image.bytes, image.contentType)), width: null, height: null });
  }
  return kept;
}

/** An image file: a responsive picture of the drive's thumbnails at IMAGE_WIDTHS, kept by us. */
async function renderImage(ctx: RenderContext, info: FileInfo): Promise<string> {
  const link = info.thumbnailLink;
  if (!link) throw new Error('The drive gave the image no thumbnail.');
  const sources: string[] = [];
  for (const width of IMAGE_WIDTHS) {
    const image = await ownersImage(ctx, link.replace(/=s\d+$/, '') + `=s${width}`);
    if (image) sources.push(`${IMAGE_PATH_PREFIX}${await ctx.store.saveImage(image.bytes, image.contentType)} ${width}w`);
  }
  const first = sources[0]?.split(' ')[0];
  if (!first) throw new Error('No thumbnail of the image could be kept.');
  return `<img src="${escapeAttribute(first)}" srcset="${escapeAttribute(sources.join(', '))}" sizes="100vw" alt="" class="dfw-picture">`;
}
