/**
 * The render worker (a worker thread): parses, converts and sanitizes off the server's event
 * loop, so a 10 MB export never holds up other requests. Once its window and sanitizer are made
 * it says it is ready (the pool gives it no job before: a job's time limit counts the job alone),
 * then answers each job of the pool (renderPool.ts) with the HTML or the error's message. An
 * export that can never be rendered (exportShape.ts: nested deeper than MAX_NESTING, or making
 * too many elements) says so by its `unrenderable` reason, as an error's class does not cross the
 * thread.
 */
import { parentPort } from 'node:worker_threads';
import type { StoredImage } from '#client/drive/convertExport';
import { checkExportShape } from './exportShape';
import { renderExport, renderText } from './renderExport';
import { renderPages } from './renderPages';
import { renderSheets } from './renderSheets';
import { sanitizeContent } from './sanitize';
import { UnrenderableError, type UnrenderableReason } from './unrenderable';

export interface RenderJob {
  id: number;
  /** `sheets`: the source is a SheetsJob (renderSheets.ts); `pages`: a PagesJob (renderPages.ts). */
  kind: 'document' | 'text' | 'sheets' | 'pages';
  source: string;
  images: [string, StoredImage][];
}

export type RenderAnswer = { ready: true } | { id: number; html: string } | { id: number; error: string; unrenderable?: UnrenderableReason };

function run(job: RenderJob): string {
  if (job.kind === 'text') return renderText(job.source);
  if (job.kind === 'sheets') return renderSheets(job.source);
  if (job.kind === 'pages') return renderPages(job.source);
  checkExportShape(job.source);
  return renderExport(job.source, new Map(job.images));
}

parentPort?.on('message', (job: RenderJob) => {
  let answer: RenderAnswer;
  try {
    answer = { id: job.id, html: run(job) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    answer = error instanceof UnrenderableError ? { id: job.id, error: message, unrenderable: error.reason } : { id: job.id, error: message };
  }
  parentPort?.postMessage(answer);
});

// The window and the sanitizer are made once per worker (renderWindow.ts, sanitize.ts): made now, not in the first job's time.
sanitizeContent('');
parentPort?.postMessage({ ready: true } satisfies RenderAnswer);
