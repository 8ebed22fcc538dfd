/**
 * A drive export (`files.export`, `text/html`) to the HTML the widget shows: parsed by jsdom
 * (no script runs, nothing is fetched), rebuilt by the converter, then sanitized. The export's
 * images were fetched and kept beforehand (`images`: the export's source → our copy), so the
 * result names only our copies; an image without one is left out. Runs in the render worker.
 */
import { JSDOM } from 'jsdom';
import { ExportConverter, type StoredImage } from './convertExport';
import { readExportStyles } from './exportStyles';
import { sanitizeContent } from './sanitize';

export function renderExport(html: string, images: ReadonlyMap<string, StoredImage>): string {
  const source = new JSDOM(html).window.document;
  const css = Array.from(source.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n');
  const out = new JSDOM('').window.document;
  const converter = new ExportConverter(out, { styles: readExportStyles(css), imageFor: (src) => images.get(src) ?? null });
  const container = out.createElement('div');
  container.append(...converter.children(source.body));
  return sanitizeContent(container.innerHTML);
}

/** Plain text and Markdown, shown as their text (issue 20, point 2). */
export function renderText(text: string): string {
  const out = new JSDOM('').window.document;
  const pre = out.createElement('pre');
  pre.textContent = text;
  return sanitizeContent(pre.outerHTML);
}
