/**
 * The render pool under a slow job, as one hostile export makes it (the test worker holds its
 * thread, slowJobs.ts): a job's time limit starts when a worker takes it, not when it is queued; a
 * job past its limit fails alone (its worker is replaced, the queued jobs of other sites render),
 * and so does a job whose worker stops under it;
 * the queue is bounded (a job beyond it is refused at once, saying when to come back); with more
 * than one worker a slow job does not hold up the others.
 */
import type { Renderer } from '../../src/render/renderPool';
import { slowSource, slowTestRenderer } from '../support/renderer';

jest.setTimeout(180_000);

let pools: Renderer[] = [];
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

/** A pool of the slow test worker, its workers started and warm (starting one is no job's time). */
async function warmPool(options: Parameters<typeof slowTestRenderer>[0]): Promise<Renderer> {
  const pool = slowTestRenderer(options);
  pools.push(pool);
  await pool.render('text', 'warm up');
  return pool;
}

const settled = (jobs: Promise<string>[]) => Promise.allSettled(jobs);

test('a slow job then three fast jobs of other sites: the slow one fails on its time limit, the three render', async () => {
  const pool = await warmPool({ timeoutMs: 1000, workers: 1 });
  const hostile = pool.render('document', slowSource(4000));
  const others = ['site A', 'site B', 'site C'].map((site) => pool.render('document', `<p>${site}</p>`));
  const [slow, ...fast] = await settled([hostile, ...others]);
  expect(slow).toMatchObject({ status: 'rejected', reason: { name: 'RenderTimeoutError' } });
  expect(fast).toEqual(['site A', 'site B', 'site C'].map((site) => ({ status: 'fulfilled', value: `<p>${site}</p>` })));
  // The pool goes on: a new worker took the slow one's place.
  await expect(pool.render('text', 'after')).resolves.toBe('<pre>after</pre>');
});

test('a worker that stops under a job fails that job alone; the queued jobs render', async () => {
  const pool = await warmPool({ timeoutMs: 60_000, workers: 1 });
  const crashed = pool.render('document', '<!--crash--><p>x</p>');
  const others = [pool.render('document', '<p>next 1</p>'), pool.render('document', '<p>next 2</p>')];
  const [first, ...rest] = await settled([crashed, ...others]);
  expect(first).toMatchObject({ status: 'rejected', reason: { name: 'RenderFailedError', message: expect.stringMatching(/^The render worker stopped/) } });
  expect(rest).toEqual(['next 1', 'next 2'].map((text) => ({ status: 'fulfilled', value: `<p>${text}</p>` })));
});

test('five jobs of 0.3 s under a 1 s limit all render: the limit counts from when a worker takes the job', async () => {
  const pool = await warmPool({ timeoutMs: 1000, workers: 1 });
  const jobs = [1, 2, 3, 4, 5].map((n) => pool.render('document', slowSource(300, `job ${n}`)));
  expect(await settled(jobs)).toEqual([1, 2, 3, 4, 5].map((n) => ({ status: 'fulfilled', value: `<p>job ${n}</p>` })));
});

test('a full queue refuses a job at once, saying when to come back; the jobs it holds still render', async () => {
  const pool = await warmPool({ timeoutMs: 60_000, workers: 1, queueLimit: 2 });
  const running = pool.render('document', slowSource(1500, 'running'));
  const queued = [pool.render('document', '<p>queued 1</p>'), pool.render('document', '<p>queued 2</p>')];
  const refused = pool.render('document', '<p>one too many</p>');
  await expect(refused).rejects.toMatchObject({ name: 'RenderBusyError', retryAfterSeconds: expect.any(Number) });
  expect(await settled([running, ...queued])).toEqual(['running', 'queued 1', 'queued 2'].map((text) => ({ status: 'fulfilled', value: `<p>${text}</p>` })));
  await expect(pool.render('document', '<p>room again</p>')).resolves.toBe('<p>room again</p>');
});

test('with two workers, a fast job renders while a slow one runs', async () => {
  const pool = await warmPool({ timeoutMs: 120_000, workers: 2 });
  const order: string[] = [];
  const slow = pool.render('document', slowSource(30_000)).then(
    () => order.push('slow'),
    () => order.push('slow stopped'),
  );
  await pool.render('document', '<p>fast</p>').then(() => order.push('fast'));
  expect(order).toEqual(['fast']);
  await pool.close();
  await slow;
  expect(order).toEqual(['fast', 'slow stopped']);
});
