/**
 * Rendering runs in one worker thread (renderWorker.ts), started on first use, one job at a time
 * in order. Each job has a time limit: a job past it ends the worker (the next job starts a new
 * one) and fails, so a hostile export cannot hold the renderer. A job the worker found can never
 * be rendered fails with UnrenderableError (its reason crosses the thread in the answer).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { StoredImage } from '../../../src/drive/convertExport';
import type { RenderAnswer, RenderJob } from './renderWorker';
import { UnrenderableError } from './unrenderable';

export interface Renderer {
  render(kind: RenderJob['kind'], source: string, images?: Map<string, StoredImage>): Promise<string>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** The worker's script; default: renderWorker beside this module, in this module's language (.js compiled, .ts under a require hook the worker inherits). */
  workerFile?: string;
  /** Node options of the worker (tests run the TypeScript source through a require hook). */
  execArgv?: string[];
  timeoutMs?: number;
}

export class RenderTimeoutError extends Error {
  constructor(ms: number) {
    super(`Rendering took longer than ${ms} ms.`);
    this.name = 'RenderTimeoutError';
  }
}

interface Pending {
  resolve: (html: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export function createRenderPool(options: RenderPoolOptions = {}): Renderer {
  const workerFile = options.workerFile ?? path.join(__dirname, `renderWorker${path.extname(__filename)}`);
  const timeoutMs = options.timeoutMs ?? 30_000;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error) {
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.reject(error);
      pending.delete(id);
    }
  }

  function started(): Worker {
    if (worker) return worker;
    const created = new Worker(workerFile, { execArgv: options.execArgv });
    created.unref();
    created.on('message', (answer: RenderAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      clearTimeout(job.timer);
      if ('html' in answer) job.resolve(answer.html);
      else job.reject(answer.unrenderable ? new UnrenderableError(answer.unrenderable, answer.error) : new Error(answer.error));
    });
    created.on('error', (error) => failAll(error));
    created.on('exit', () => {
      if (worker === created) worker = null;
      failAll(new Error('The render worker stopped.'));
    });
    worker = created;
    return created;
  }

  return {
    render(kind, source, images = new Map()) {
      const id = nextId++;
      const job: RenderJob = { id, kind, source, images: [...images] };
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new RenderTimeoutError(timeoutMs));
          void worker?.terminate();
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        started().postMessage(job);
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
