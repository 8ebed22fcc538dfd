/**
 * A PDF's or a presentation's pages (a PagesJob) to the stored HTML: their figures
 * (src/drive/pageFigures.ts, which Mirage shares), then, past the page limit, a link to the rest
 * in the drive. Built with the DOM (text is text, never markup) and sanitized like any rendering.
 * Runs in the render worker.
 */
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
    const what = job.kind === 'slides' ? 'Slides' : 'Pages';
    link.textContent = `${what} ${job.pages.length + 1} to ${job.total} are in the drive`;
    more.append(link);
    box.append(more);
  }
  const container = out.createElement('div');
  container.append(box);
  return sanitizeContent(container.innerHTML);
}
