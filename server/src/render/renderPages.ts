/**
 * A PDF's or a presentation's pages (a PagesJob) to the stored HTML: one `figure` per page with
 * its image at every width kept (`srcset`, the first page loaded at once, the others lazily) and
 * its text in a `figcaption` (for search engines, screen readers and selection; the stylesheet
 * hides it visually), then, past the page limit, a link to the rest in the drive (its numbers, no
 * words: the widget's drawing says them in its language). Built with the
 * DOM (text is text, never markup) and sanitized like any rendering. Runs in the render worker.
 */
import { MORE_ATTRIBUTES } from '#client/contract/nativeContentRules';
import type { PageOfJob, PagesJob } from './pagesJob';
import { emptyDocument } from './renderWindow';
import { sanitizeContent } from './sanitize';

/** The width a page's image is shown at most, px (its `sizes`). */
export const PAGE_DISPLAY_WIDTH = 1280;

function figure(out: Document, page: PageOfJob, index: number): HTMLElement {
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

export function renderPages(source: string): string {
  const job = JSON.parse(source) as PagesJob;
  const out = emptyDocument();
  const box = out.createElement('div');
  box.className = 'dfw-pages';
  box.setAttribute('data-kind', job.kind === 'slides' ? 'slides' : 'pdf');
  job.pages.forEach((page, index) => box.append(figure(out, page, index)));
  if (job.total > job.pages.length) {
    const more = out.createElement('p');
    more.className = 'dfw-pages-more';
    const link = out.createElement('a');
    link.setAttribute('href', job.driveUrl);
    // No words: the widget's drawing says them in its language (src/widget/moreLinks.ts).
    link.setAttribute(MORE_ATTRIBUTES.kind, job.kind === 'slides' ? 'slides' : 'pages');
    link.setAttribute(MORE_ATTRIBUTES.from, String(job.pages.length + 1));
    link.setAttribute(MORE_ATTRIBUTES.to, String(job.total));
    more.append(link);
    box.append(more);
  }
  const container = out.createElement('div');
  container.append(box);
  return sanitizeContent(container.innerHTML);
}
