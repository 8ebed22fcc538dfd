/**
 * A file that can never be shown as part of the page until it changes on the drive: its export is
 * over the drive's 10 MB limit (the drive refuses it, or its answer is larger), a text file is over
 * its limit, or the tree the parser builds of the export nests deeper than MAX_NESTING or holds
 * more than MAX_ELEMENTS (exportShape.ts), or a PDF that poppler cannot read (pdfPages.ts). Thrown by the drive's calls (native/driveContent.ts) and
 * by the render worker, whose answer carries the reason across the thread (renderPool.ts). The
 * owner's route answers it as `422 content_unrenderable` (api/contentRoute.ts); a page shows the
 * drive's viewer instead.
 */
export type UnrenderableReason = 'too_large' | 'too_deep' | 'malformed';

export class UnrenderableError extends Error {
  constructor(
    readonly reason: UnrenderableReason,
    message: string,
  ) {
    super(message);
    this.name = 'UnrenderableError';
  }
}
