/**
 * npm run bench:kinds: only the other kinds' part of `npm run bench` (kinds.mjs), measured exactly
 * as there. BENCH_RUNS: runs per figure (at least 10); BENCH_PAGES_DIR: pages built earlier.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { benchKinds, printKinds } from './kinds.mjs';
import { build, launch, median, root } from './setup.mjs';

const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 10));
const pagesDir = process.env.BENCH_PAGES_DIR || (await build({}));
const browser = await launch();
let kinds;
try {
  kinds = await benchKinds({ root, pagesDir, context: browser.context, runs: RUNS, median });
} finally {
  await browser.close();
  if (!process.env.BENCH_PAGES_DIR) rmSync(pagesDir, { recursive: true, force: true });
}
console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; ${RUNS} runs each`);
printKinds(kinds);
