/**
 * The render worker (a worker thread): parses, converts and sanitizes off the server's event
 * loop, so a 10 MB export never holds up other requests. It answers each message of the pool
 * (renderPool.ts) with the HTML or the error's message; an export that can never be rendered
 * (nested deeper than MAX_NESTING) says so by its `unrenderable` reason, as an error's class does
 * not cross the thread.
 */
import { parentPort } from 'node:worker_threads';
import type { StoredImage } from '../../../src/drive/convertExport';
import { MAX_NESTING, nestingDepth } from './exportLimits';
import { renderExport, renderText } from './renderExport';
import { UnrenderableError, type UnrenderableReason } from './unrenderable';

export interface RenderJob {
  id: number;
  kind: 'document' | 'text';
  source: string;
  images: [string, StoredImage][];
}

export type RenderAnswer = { id: number; html: string } | { id: number; error: string; unrenderable?: UnrenderableReason };

function run(job: RenderJob): string {
  if (job.kind === 'text') return renderText(job.source);
  if (nestingDepth(job.source) > MAX_NESTING) {
    throw new UnrenderableError('too_deep', `The document nests deeper than ${MAX_NESTING} elements.`);
  }
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
