/**
 * A PDF's first pages as images and text, by Debian's poppler tools (docs/decisions/pdf-renderer.md),
 * each run as a child process under memory and time limits (popplerRun.ts): `pdfinfo` (the page
 * count), `pdftoppm` (PAGES_PER_RUN pages at one of PAGE_WIDTHS per run, the widths side by side,
 * as PPM on its standard output, each page made a PNG as it arrives by our encoder: ppmStream.ts;
 * a page whose PNG is a photograph's drawn again as JPEG, kept when smaller) and `pdftotext
 * -bbox-layout` (the text, by page, block and line). Poppler runs no JavaScript, opens no link and
 * never extracts an embedded file; a PDF it cannot read is unrenderable until it changes; one past
 * the limits fails as a render does (retried after the backoff), the whole render included
 * (PDF_RENDER_TIME_MS). Drawing stops at the run of pages that would pass MAX_PDF_IMAGE_BYTES (the
 * rest is linked). One PDF at a time per server, at most `queueLimit` waiting (one more is
 * refused: RenderBusyError). The PDF is written to a private temporary folder, removed after.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { output, PopplerExit, start, type PopplerLimits } from './popplerRun';
import { PageTooLargeError, ppmToPng, PpmError, type PngPage } from './ppmStream';
import { BUSY_RETRY_AFTER_S, RenderBusyError, RenderFailedError, RenderTimeoutError } from './renderPool';
import { UnrenderableError } from './unrenderable';

/** The widths each page is drawn at, px: a phone, the page's usual width, a wide screen at 1.5×. */
export const PAGE_WIDTHS = [640, 1280, 1920] as const;
/** The pages drawn at most; past them, a link to the rest in the drive. */
export const MAX_PDF_PAGES = 100;
/** The memory one poppler process may take (address space), bytes. */
export const POPPLER_MEMORY_BYTES = 1024 * 1024 * 1024;
/** The time one poppler process may take, ms. */
export const POPPLER_TIME_MS = 60_000;
/** The time one PDF's whole render may take (every process, our encoding, the queue's turn aside), ms. */
export const PDF_RENDER_TIME_MS = 240_000;
/** The pages one `pdftoppm` draws: fewer starts of the PDF, short runs. */
export const PAGES_PER_RUN = 20;
/** The pixels of one page's image at most (a page 8 times as tall as wide at 1920 px); a larger page fails the render. */
export const MAX_PAGE_PIXELS = 1920 * 1920 * 8;
/** The bytes of all pages' images at most: drawing stops at the page that would pass it. */
export const MAX_PDF_IMAGE_BYTES = 64 * 1024 * 1024;
/** A PNG of more bytes per pixel is a photograph's (a text page's is under 0.1): the page is drawn as JPEG too, and the smaller kept. */
export const PHOTO_BYTES_PER_PIXEL = 0.25;
const JPEG_OPTIONS = 'quality=85,optimize=y,progressive=y';
/** The most a tool's text may be (pdfinfo, pdftotext), bytes. */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export interface PageImage {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg';
}

export interface PdfPage {
  /** The image at each width. */
  images: Map<number, PageImage>;
  /** The page's size at the middle width, px. */
  width: number;
  height: number;
  paragraphs: string[];
}

export interface PdfPages {
  pages: PdfPage[];
  total: number;
}

export interface PdfRenderer {
  render(pdf: Buffer): Promise<PdfPages>;
}

export interface PdfRendererOptions {
  maxPages?: number;
  memoryBytes?: number;
  timeMs?: number;
  totalTimeMs?: number;
  maxImageBytes?: number;
  queueLimit?: number;
}

type Settings = Required<PdfRendererOptions>;

/** The limits of the next process: its own time, or what is left of the render's. */
class Limits {
  private readonly deadline: number;
  constructor(private readonly settings: Settings) {
    this.deadline = Date.now() + settings.totalTimeMs;
  }
  next(): PopplerLimits {
    const left = this.deadline - Date.now();
    if (left <= 0) throw new RenderTimeoutError(this.settings.totalTimeMs);
    return { memoryBytes: this.settings.memoryBytes, timeMs: Math.min(this.settings.timeMs, left) };
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

/** Each page's paragraphs from `pdftotext -bbox-layout`: a block's lines, their words joined by spaces. */
export function pageTexts(bboxHtml: string): string[][] {
  return bboxHtml
    .split(/<page\b/)
    .slice(1)
    .map((page) =>
      page
        .split(/<block\b/)
        .slice(1)
        .map((block) =>
          block
            .split(/<line\b/)
            .slice(1)
            .map((line) => Array.from(line.matchAll(/<word\b[^>]*>([^<]*)<\/word>/g), (m) => unescapeXml(m[1]!)).join(' '))
            .filter((l) => l !== '')
            .join(' '),
        )
        .filter((p) => p.trim() !== ''),
    );
}

const pagesArgs = (first: number, last: number, width: number) => ['-f', String(first), '-l', String(last), '-scale-to-x', String(width), '-scale-to-y', '-1'];

/** The page's image: its PNG, or its JPEG when the PNG is a photograph's and the JPEG is smaller. */
async function smallest(file: string, n: number, png: PngPage, limits: Limits): Promise<PageImage> {
  const kept: PageImage = { bytes: png.png, type: 'image/png' };
  if (png.png.length <= PHOTO_BYTES_PER_PIXEL * png.width * png.height) return kept;
  const args = ['-jpeg', '-jpegopt', JPEG_OPTIONS, '-singlefile', ...pagesArgs(n, n, png.width), file];
  const jpeg = await output('pdftoppm', args, limits.next(), png.png.length - 1);
  return jpeg && jpeg[0] === 0xff && jpeg[1] === 0xd8 ? { bytes: jpeg, type: 'image/jpeg' } : kept;
}

/** Pages `first` to `last` at `width` by one pdftoppm, each page given to `take` as it is made a PNG. */
async function drawRun(file: string, first: number, last: number, width: number, limits: Limits, take: (n: number, png: PngPage) => Promise<void>) {
  const run = start('pdftoppm', [...pagesArgs(first, last, width), file], limits.next());
  let n = first;
  try {
    for await (const png of ppmToPng(run.stdout, MAX_PAGE_PIXELS)) await take(n++, png);
  } catch (error) {
    run.kill();
    // Killed past its time, the stream was cut: the time is the reason.
    const exit = await run.exit.then(
      () => null,
      (e: unknown) => e,
    );
    throw exit instanceof RenderTimeoutError ? exit : error;
  }
  await run.exit;
  if (n !== last + 1) throw new RenderFailedError(`pdftoppm drew ${n - first} of pages ${first} to ${last}.`);
}

/** A page as poppler drew it: its images by width (src/drive/pageFigures.ts names the stored ones DrawnPage). */
interface RasterPage {
  images: Map<number, PageImage>;
  width: number;
  height: number;
}

/** Stops drawing: the pages' images would pass MAX_PDF_IMAGE_BYTES. */
class ImageBudgetSpent extends Error {}

/**
 * Pages `first` to `last` at every width, the widths' runs side by side (poppler draws while our
 * encoder compresses, on every core); ImageBudgetSpent once `budget` bytes are passed. The first
 * error stops the other runs at their next page; it is thrown once all have ended.
 */
async function drawRange(file: string, first: number, last: number, limits: Limits, budget: { left: number }): Promise<RasterPage[]> {
  const pages = Array.from({ length: last - first + 1 }, (): RasterPage => ({ images: new Map(), width: 0, height: 0 }));
  let stop: unknown = null;
  const drawWidth = (width: number) =>
    drawRun(file, first, last, width, limits, async (n, png) => {
      if (stop) throw stop;
      const image = await smallest(file, n, png, limits);
      budget.left -= image.bytes.length;
      if (budget.left < 0) throw new ImageBudgetSpent();
      const page = pages[n - first]!;
      page.images.set(width, image);
      if (width === PAGE_WIDTHS[1]) Object.assign(page, { width: png.width, height: png.height });
    }).catch((error: unknown) => {
      stop ??= error;
    });
  await Promise.all(PAGE_WIDTHS.map(drawWidth));
  if (stop) throw stop;
  return pages;
}

/** The first `last` pages, PAGES_PER_RUN at a time, until the images' budget is spent (the pages of that run left out). */
async function drawPages(file: string, last: number, settings: Settings, limits: Limits): Promise<RasterPage[]> {
  const drawn: RasterPage[] = [];
  const budget = { left: settings.maxImageBytes };
  for (let first = 1; first <= last; first += PAGES_PER_RUN) {
    try {
      drawn.push(...(await drawRange(file, first, Math.min(last, first + PAGES_PER_RUN - 1), limits, budget)));
    } catch (error) {
      if (error instanceof ImageBudgetSpent) break;
      throw error;
    }
  }
  return drawn;
}

/** A tool's text output; a tool that fails or writes too much is `failed`'s error. */
async function text(tool: string, args: string[], limits: Limits, failed: (message: string) => Error): Promise<string> {
  try {
    const out = await output(tool, args, limits.next(), MAX_TEXT_BYTES);
    if (!out) throw failed(`${tool} wrote more than ${MAX_TEXT_BYTES} bytes.`);
    return out.toString('utf8');
  } catch (error) {
    if (error instanceof PopplerExit) throw failed(error.message);
    throw error;
  }
}

async function renderIn(dir: string, pdf: Buffer, settings: Settings): Promise<PdfPages> {
  const limits = new Limits(settings);
  const file = path.join(dir, 'in.pdf');
  await writeFile(file, pdf, { mode: 0o600 });
  const info = await text('pdfinfo', [file], limits, () => new UnrenderableError('malformed', 'The PDF cannot be read.'));
  const total = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  if (!(total > 0)) throw new UnrenderableError('malformed', 'The PDF has no pages.');
  let drawn: RasterPage[];
  try {
    drawn = await drawPages(file, Math.min(total, settings.maxPages), settings, limits);
  } catch (error) {
    if (error instanceof PageTooLargeError) throw new UnrenderableError('too_large', error.message);
    if (error instanceof PopplerExit || error instanceof PpmError) throw new RenderFailedError(error.message);
    throw error;
  }
  if (drawn.length === 0) throw new UnrenderableError('too_large', 'The first pages’ images are larger than the limit.');
  const bbox = await text(
    'pdftotext',
    ['-bbox-layout', '-enc', 'UTF-8', '-f', '1', '-l', String(drawn.length), file, '-'],
    limits,
    (m) => new RenderFailedError(m),
  );
  const texts = pageTexts(bbox);
  return { pages: drawn.map((page, i) => ({ ...page, paragraphs: texts[i] ?? [] })), total };
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const settings: Settings = {
    maxPages: options.maxPages ?? MAX_PDF_PAGES,
    memoryBytes: options.memoryBytes ?? POPPLER_MEMORY_BYTES,
    timeMs: options.timeMs ?? POPPLER_TIME_MS,
    totalTimeMs: options.totalTimeMs ?? PDF_RENDER_TIME_MS,
    maxImageBytes: options.maxImageBytes ?? MAX_PDF_IMAGE_BYTES,
    queueLimit: options.queueLimit ?? 4,
  };
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    render(pdf) {
      if (waiting >= settings.queueLimit) return Promise.reject(new RenderBusyError(BUSY_RETRY_AFTER_S));
      waiting += 1;
      const job = tail.then(async () => {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'dfw-pdf-'));
        try {
          return await renderIn(dir, pdf, settings);
        } finally {
          waiting -= 1;
          await rm(dir, { recursive: true, force: true });
        }
      });
      tail = job.catch(() => undefined);
      return job;
    },
  };
}
