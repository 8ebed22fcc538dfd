/**
 * Rendering runs in worker threads (renderWorker.ts): up to `workers` of them, started as jobs
 * come, each one job at a time; jobs wait in order for the first free worker, at most
 * `queueLimit` of them (one more is refused at once: RenderBusyError, with when to come back).
 * A job's time limit starts when a worker takes it: a job past it fails alone (RenderTimeoutError)
 * and its worker is ended and replaced, so a hostile export cannot hold the renderer, and the jobs
 * waiting or running elsewhere go on. A worker takes no job before it is ready (its window made),
 * so starting one is no job's time. A job the worker failed (it threw, or the worker stopped under
 * it) fails with RenderFailedError; one it found can never be rendered fails with
 * UnrenderableError (its reason crosses the thread in the answer).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { StoredImage } from '#client/drive/convertExport';
import type { RenderAnswer, RenderJob } from './renderWorker';
import { UnrenderableError } from './unrenderable';

export interface Renderer {
  render(kind: RenderJob['kind'], source: string, images?: Map<string, StoredImage>): Promise<string>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** The worker's script; default: renderWorker beside this module, in this module's language (.js compiled, .ts under a require hook the worker inherits). */
  workerFile?: string;
  /** Node options of the workers (tests run the TypeScript source through a require hook). */
  execArgv?: string[];
  /** A job's time limit, from when a worker takes it (default 30 s). */
  timeoutMs?: number;
  /** The most workers at once (default 1). */
  workers?: number;
  /** The most jobs waiting for a worker (default DEFAULT_QUEUE_LIMIT). */
  queueLimit?: number;
  /** The longest a worker may take to start (default: a minute, or the time limit if longer). */
  startTimeoutMs?: number;
}

/** Jobs waiting at most: each holds its export (up to 10 MB) until a worker takes it. */
export const DEFAULT_QUEUE_LIMIT = 16;
/** When a refused job's caller may come back: a render takes well under this, a hostile one ends at its time limit. */
export const BUSY_RETRY_AFTER_S = 10;

/** The render of this source failed: the worker threw, stopped under it, or ran past the time limit. Another try of the same source may fail again. */
export class RenderFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderFailedError';
  }
}

export class RenderTimeoutError extends RenderFailedError {
  constructor(ms: number) {
    super(`Rendering took longer than ${ms} ms.`);
    this.name = 'RenderTimeoutError';
  }
}

/** Every worker is busy and the queue is full: nothing was tried; come back in `retryAfterSeconds`. */
export class RenderBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The renderer is busy; try again in ${retryAfterSeconds} s.`);
    this.name = 'RenderBusyError';
  }
}

interface Job {
  message: RenderJob;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  /** The running job's time limit, or the start's. */
  timer: NodeJS.Timeout | null;
  problem: Error | null;
}

const stopped = () => new Error('The render worker stopped.');

function failureOf(answer: Exclude<RenderAnswer, { ready: true }>): Error | null {
  if (!('error' in answer)) return null;
  return answer.unrenderable ? new UnrenderableError(answer.unrenderable, answer.error) : new RenderFailedError(answer.error);
}

export function createRenderPool(options: RenderPoolOptions = {}): Renderer {
  const workerFile = options.workerFile ?? path.join(__dirname, `renderWorker${path.extname(__filename)}`);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxWorkers = Math.max(1, options.workers ?? 1);
  const queueLimit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
  const startTimeoutMs = options.startTimeoutMs ?? Math.max(60_000, timeoutMs);
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  /** Ends a slot's worker and forgets it (its exit is then no one's concern). */
  function drop(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slots.delete(slot);
    void slot.worker.terminate();
  }

  function take(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(() => {
      drop(slot);
      job.reject(new RenderTimeoutError(timeoutMs));
      dispatch();
    }, timeoutMs);
    slot.worker.postMessage(job.message);
  }

  function answered(slot: Slot, answer: RenderAnswer): void {
    if (!slots.has(slot)) return;
    if ('ready' in answer) {
      slot.ready = true;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      return dispatch();
    }
    const job = slot.job;
    if (!job || job.message.id !== answer.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    const failure = failureOf(answer);
    if (failure) job.reject(failure);
    else if ('html' in answer) job.resolve(answer.html);
    dispatch();
  }

  function exited(slot: Slot): void {
    if (!slots.has(slot)) return;
    const why = slot.problem ? `: ${slot.problem.message}` : '.';
    const job = slot.job;
    drop(slot);
    // A worker that stopped under a job failed that job; one that could not start fails the job that waited longest (never all of them, never for ever).
    if (job) job.reject(new RenderFailedError(`The render worker stopped${why}`));
    else if (!slot.ready) queue.shift()?.reject(new Error(`The render worker could not start${why}`));
    dispatch();
  }

  function start(): void {
    const worker = new Worker(workerFile, { execArgv: options.execArgv });
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null, timer: null, problem: null };
    slot.timer = setTimeout(() => {
      slot.problem = new Error(`not ready within ${startTimeoutMs} ms`);
      void worker.terminate();
    }, startTimeoutMs);
    worker.on('message', (answer: RenderAnswer) => answered(slot, answer));
    worker.on('error', (error) => (slot.problem = error));
    worker.on('exit', () => exited(slot));
    slots.add(slot);
  }

  /** Gives waiting jobs to ready, idle workers, and starts workers for the jobs left (within `workers`). */
  function dispatch(): void {
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.ready && !slot.job) take(slot, queue.shift()!);
    }
    const starting = [...slots].filter((slot) => !slot.ready).length;
    for (let wanted = queue.length - starting; wanted > 0 && slots.size < maxWorkers; wanted -= 1) start();
  }

  return {
    render(kind, source, images = new Map()) {
      if (closed) return Promise.reject(stopped());
      if (queue.length >= queueLimit) return Promise.reject(new RenderBusyError(BUSY_RETRY_AFTER_S));
      const message: RenderJob = { id: nextId++, kind, source, images: [...images] };
      return new Promise<string>((resolve, reject) => {
        queue.push({ message, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(stopped());
      const running = [...slots];
      for (const slot of running) {
        drop(slot);
        slot.job?.reject(stopped());
      }
      await Promise.all(running.map((slot) => slot.worker.terminate()));
    },
  };
}
