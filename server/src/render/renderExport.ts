/**
 * A drive export (`files.export`, `text/html`) to the HTML the widget shows: parsed by jsdom
 * (no script runs, nothing is fetched; the worker's one window, renderWindow.ts), rebuilt by the converter, then sanitized. The export's
 * images were fetched and kept beforehand (`images`: the export's source → our copy), so the
 * result names only our copies; an image without one is left out. Runs in the render worker.
 */
import { ExportConverter, type StoredImage } from '#client/drive/convertExport';
import { readExportStyles } from '#client/drive/exportStyles';
import { emptyDocument, parsedDocument } from './renderWindow';
import { sanitizeContent } from './sanitize';

/**
 * The export's inline styles but an image's, taken out before parsing: the converter reads only an
 * image's (its size), and jsdom parses every style attribute it meets as CSS (half the parse time
 * of a real export). Only inside a start tag (`<name ...`), never in text; a style this misses is
 * only parsed for nothing.
 */
const INLINE_STYLE = /(<(?!img\b)[a-z][\w-]*\b[^>]*?)\sstyle\s*=\s*"[^"]*"/gi;

export function renderExport(html: string, images: ReadonlyMap<string, StoredImage>): string {
  const source = parsedDocument(html.replace(INLINE_STYLE, '$1'));
  const css = Array.from(source.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n');
  const out = emptyDocument();
  const converter = new ExportConverter(out, { styles: readExportStyles(css), imageFor: (src) => images.get(src) ?? null });
  const container = out.createElement('div');
  container.append(...converter.children(source.body));
  return sanitizeContent(container.innerHTML);
}

/** Plain text and Markdown, shown as their text (issue 20, point 2). */
export function renderText(text: string): string {
  const out = emptyDocument();
  const pre = out.createElement('pre');
  pre.textContent = text;
  return sanitizeContent(pre.outerHTML);
}
