/**
 * npm run bench:visitor: only the visitor's parts of `npm run bench` (native.mjs, visitor.mjs),
 * measured exactly as there, with the bare React reference built in the same run.
 * - BENCH_RUNS: runs per figure (at least 10);
 * - BENCH_PAGES_DIR: pages built earlier (`npx webpack --mode production --env outDir=…`), instead
 *   of a production build in a scratch folder (the bench writes its pages into it).
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { writeElementPage } from './element.mjs';
import { buildReferences, firstScripts } from './firstScripts.mjs';
import { benchNative, printNative } from './native.mjs';
import { build, launch, median, root } from './setup.mjs';
import { benchVisitor, printVisitor } from './visitor.mjs';

const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 10));
const pagesDir = process.env.BENCH_PAGES_DIR || (await build({}));
const refs = await buildReferences();
const sizes = firstScripts(pagesDir, refs);
writeElementPage(pagesDir);
const browser = await launch();
let native;
let visitor;
try {
  native = await benchNative({ root, pagesDir, context: browser.context, runs: RUNS, median });
  visitor = await benchVisitor({ pagesDir, context: browser.context, runs: RUNS, median, reactGzipBytes: sizes.referenceGzipBytes.react });
} finally {
  await browser.close();
  rmSync(refs, { recursive: true, force: true });
  if (!process.env.BENCH_PAGES_DIR) rmSync(pagesDir, { recursive: true, force: true });
}
console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; ${RUNS} runs each`);
printNative(native);
printVisitor(visitor);
