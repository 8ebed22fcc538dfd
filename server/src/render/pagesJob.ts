/**
 * What the render worker is given for a PDF's or a presentation's pages (renderPages.ts), kept
 * apart from the renderer so the server's main thread names it without loading jsdom: each page's
 * images, already stored (our image route's paths by width), its size and its text.
 */

export interface PageOfJob {
  /** Our image route's path of the page's image at each width (px). */
  images: { width: number; path: string }[];
  /** The page's size in px at the middle width: its aspect ratio. */
  width: number;
  height: number;
  /** The page's text, one entry per paragraph (poppler's block). */
  paragraphs: string[];
}

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
