/**
 * A PDF's or a presentation's pages as HTML: one `figure` per page with its image at
 * every width drawn (`srcset`, the first page loaded at once, the others lazily) and its text in a
 * `figcaption` (for search engines, screen readers and selection; the stylesheet hides it
 * visually). Built with the DOM (text is text, never markup) in the document given: the server's
 * render worker (server/src/render/renderPages.ts, then sanitized) and Mirage (on the browser's DOM).
 */

/** The width a page's image is shown at most, px (its `sizes`). */
export const PAGE_DISPLAY_WIDTH = 1280;

/** A page drawn: its image at each width, its size and its text. */
export interface DrawnPage {
  /** Our image route's path of the page's image at each width (px). */
  images: { width: number; path: string }[];
  /** The page's size in px at the middle width: its aspect ratio. */
  width: number;
  height: number;
  /** The page's text, one entry per paragraph (poppler's block). */
  paragraphs: string[];
}

function pageFigure(out: Document, page: DrawnPage, index: number): HTMLElement {
  const fig = out.createElement('figure');
  fig.className = 'dfw-page';
  const img = out.createElement('img');
  const widths = [...page.images].sort((a, b) => a.width - b.width);
  const main = widths.find((image) => image.width >= PAGE_DISPLAY_WIDTH) ?? widths[widths.length - 1];
  if (!main) throw new Error('A page has no image.');
  img.setAttribute('src', main.path);
  img.setAttribute('srcset', widths.map((image) => `${image.path} ${image.width}w`).join(', '));
  img.setAttribute('sizes', `(max-width: ${PAGE_DISPLAY_WIDTH / 2 + 60}px) 100vw, ${PAGE_DISPLAY_WIDTH}px`);
  img.setAttribute('width', String(page.width));
  img.setAttribute('height', String(page.height));
  img.setAttribute('alt', '');
  img.setAttribute('decoding', 'async');
  if (index > 0) img.setAttribute('loading', 'lazy');
  fig.append(img);
  const caption = out.createElement('figcaption');
  caption.className = 'dfw-page-text';
  for (const text of page.paragraphs) {
    const p = out.createElement('p');
    p.textContent = text;
    caption.append(p);
  }
  fig.append(caption);
  return fig;
}

/** The pages' box (`div.dfw-pages`, its `data-kind`), one figure per page, built in `out`. */
export function pagesBox(out: Document, kind: 'pdf' | 'slides', pages: readonly DrawnPage[]): HTMLElement {
  const box = out.createElement('div');
  box.className = 'dfw-pages';
  box.setAttribute('data-kind', kind === 'slides' ? 'slides' : 'pdf');
  pages.forEach((page, index) => box.append(pageFigure(out, page, index)));
  return box;
}
