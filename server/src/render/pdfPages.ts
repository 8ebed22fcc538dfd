/**
 * A PDF's first pages as images and text, by Debian's poppler tools (docs/decisions/pdf-renderer.md),
 * each run as a child process under a memory limit (`prlimit --as`) and a time limit (killed past
 * it): `pdfinfo` (the page count), `pdftoppm` (PNG at each of PAGE_WIDTHS) and `pdftotext
 * -bbox-layout` (the text, by page, block and line). Poppler runs no JavaScript, opens no link and
 * never extracts an embedded file; a PDF it cannot read is unrenderable until it changes; one past
 * the limits fails as a render does (retried after the backoff). One PDF at a time per server, at
 * most `queueLimit` waiting (one more is refused: RenderBusyError). The PDF is written to a private
 * temporary folder, removed after.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUSY_RETRY_AFTER_S, RenderBusyError, RenderFailedError, RenderTimeoutError } from './renderPool';
import { UnrenderableError } from './unrenderable';

/** The widths each page is drawn at, px: a phone, the page's usual width, a wide screen at 1.5×. */
export const PAGE_WIDTHS = [640, 1280, 1920] as const;
/** The pages drawn at most; past them, a link to the rest in the drive. */
export const MAX_PDF_PAGES = 30;
/** The memory one poppler process may take (address space), bytes. */
export const POPPLER_MEMORY_BYTES = 1024 * 1024 * 1024;
/** The time one poppler process may take, ms. */
export const POPPLER_TIME_MS = 60_000;

export interface PdfPage {
  /** PNG bytes by width. */
  images: Map<number, Buffer>;
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
  queueLimit?: number;
}

class PopplerExit extends Error {}

function run(tool: string, args: string[], memoryBytes: number, timeMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'prlimit',
      [`--as=${memoryBytes}`, `--cpu=${Math.ceil(timeMs / 1000)}`, '--', tool, ...args],
      { timeout: timeMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if (error.killed || error.signal === 'SIGKILL' || error.signal === 'SIGXCPU') return reject(new RenderTimeoutError(timeMs));
        const first =
          String(stderr)
            .split('\n')
            .find((line) => line.trim() !== '') ?? `exit ${String(error.code)}`;
        reject(new PopplerExit(`${tool}: ${first.slice(0, 200)}`));
      },
    );
  });
}

/** The PNG's size from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 24 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw new RenderFailedError('pdftoppm wrote no PNG.');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
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

async function renderIn(dir: string, pdf: Buffer, options: Required<PdfRendererOptions>): Promise<PdfPages> {
  const file = path.join(dir, 'in.pdf');
  await writeFile(file, pdf, { mode: 0o600 });
  const tool = (name: string, args: string[]) => run(name, args, options.memoryBytes, options.timeMs);
  let info: string;
  try {
    info = await tool('pdfinfo', [file]);
  } catch (error) {
    if (error instanceof PopplerExit) throw new UnrenderableError('malformed', 'The PDF cannot be read.');
    throw error;
  }
  const total = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  if (!(total > 0)) throw new UnrenderableError('malformed', 'The PDF has no pages.');
  const last = String(Math.min(total, options.maxPages));
  try {
    for (const width of PAGE_WIDTHS) {
      await tool('pdftoppm', ['-png', '-f', '1', '-l', last, '-scale-to-x', String(width), '-scale-to-y', '-1', file, path.join(dir, `w${width}`)]);
    }
    await tool('pdftotext', ['-bbox-layout', '-enc', 'UTF-8', '-f', '1', '-l', last, file, path.join(dir, 'text.html')]);
  } catch (error) {
    if (error instanceof PopplerExit) throw new RenderFailedError(error.message);
    throw error;
  }
  const texts = pageTexts(await readFile(path.join(dir, 'text.html'), 'utf8'));
  const names = (await readdir(dir)).sort();
  const pages: PdfPage[] = [];
  for (let n = 1; n <= Number(last); n += 1) {
    const images = new Map<number, Buffer>();
    for (const width of PAGE_WIDTHS) {
      // pdftoppm pads the page number to the count's digits: w640-07.png.
      const name = names.find((candidate) => new RegExp(`^w${width}-0*${n}\\.png$`).test(candidate));
      if (name) images.set(width, await readFile(path.join(dir, name)));
    }
    const middle = images.get(PAGE_WIDTHS[1]);
    if (!middle) throw new RenderFailedError(`pdftoppm drew no page ${n}.`);
    pages.push({ images, ...pngSize(middle), paragraphs: texts[n - 1] ?? [] });
  }
  return { pages, total };
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const settings: Required<PdfRendererOptions> = {
    maxPages: options.maxPages ?? MAX_PDF_PAGES,
    memoryBytes: options.memoryBytes ?? POPPLER_MEMORY_BYTES,
    timeMs: options.timeMs ?? POPPLER_TIME_MS,
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
