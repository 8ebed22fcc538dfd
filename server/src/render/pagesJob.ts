/**
 * What the render worker is given for a PDF's or a presentation's pages (renderPages.ts), kept
 * apart from the renderer so the server's main thread names it without loading jsdom: each page's
 * images, already stored (our image route's paths by width), its size and its text.
 */
import type { DrawnPage } from '#client/drive/pageFigures';

/** A page: its images, already stored, its size and its text (src/drive/pageFigures.ts). */
export type PageOfJob = DrawnPage;

export interface PagesJob {
  kind: 'pdf' | 'slides';
  pages: PageOfJob[];
  /** The document's page count; past `pages.length`, a link to the rest in the drive. */
  total: number;
  /** Where the drive shows the whole file (https). */
  driveUrl: string;
}

export function pagesSource(job: PagesJob): string {
  return JSON.stringify(job);
}
