/**
 * Test hooks of the slow render worker (slowRenderWorker.ts): a job whose source starts with
 * `<!--slow:N-->` holds the worker's thread for N ms before the worker renders it, as a hostile
 * export's render does (a thread busy in a synchronous render cannot be stopped but by ending the
 * worker); one that starts with `<!--crash-->` ends the worker's thread, as running out of memory
 * does. Registered before the real worker's handler, so they run first.
 */
import { parentPort } from 'node:worker_threads';

const SLOW = /^<!--slow:(\d+)-->/;

parentPort?.on('message', (job: { source?: unknown }) => {
  const ms = typeof job.source === 'string' ? Number(SLOW.exec(job.source)?.[1] ?? 0) : 0;
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  if (typeof job.source === 'string' && job.source.startsWith('<!--crash-->')) process.exit(1);
});
