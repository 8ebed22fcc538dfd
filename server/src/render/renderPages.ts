/**
 * A PDF's or a presentation's pages (a PagesJob) to the stored HTML: their figures
 * (src/drive/pageFigures.ts, which Mirage shares), then, past the page limit, a link to the rest
 * in the drive (its numbers, no words: the widget's drawing says them in its language). Built with
 * the DOM (text is text, never markup) and sanitized like any rendering. Runs in the render worker.
 */
import { MORE_ATTRIBUTES } from '#client/contract/nativeContentRules';
import { pagesBox } from '#client/drive/pageFigures';
import type { PagesJob } from './pagesJob';
import { emptyDocument } from './renderWindow';
import { sanitizeContent } from './sanitize';

export function renderPages(source: string): string {
  const job = JSON.parse(source) as PagesJob;
  const out = emptyDocument();
  const box = pagesBox(out, job.kind, job.pages);
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
