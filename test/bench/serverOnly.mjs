/**
 * npm run bench:server: only the server's part of `npm run bench` (server.mjs), measured exactly as
 * there, for looking into the server-rendered widget page on its own.
 * - BENCH_RUNS: runs per figure (at least 10; the navigation figures at least 30, see server.mjs);
 * - BENCH_PAGES_DIR: pages built earlier (`npx webpack --mode production --env outDir=…`), instead
 *   of a production build in a scratch folder;
 * - BENCH_LOAD=0: without the loopback load run.
 */
import { rmSync } from 'node:fs';
import { benchServer } from './server.mjs';
import { build, launch, median, root } from './setup.mjs';

const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 10));
const pagesDir = process.env.BENCH_PAGES_DIR || (await build({}));
const browser = await launch();
let server;
try {
  server = await benchServer({ root, pagesDir, context: browser.context, runs: RUNS, median, load: process.env.BENCH_LOAD !== '0' });
} finally {
  await browser.close();
  if (!process.env.BENCH_PAGES_DIR) rmSync(pagesDir, { recursive: true, force: true });
}
const { machine } = server;
console.log(
  `\nMachine: ${machine.cores} × ${machine.cpu}, ${machine.memoryGB} GB, ${machine.os}, Node ${machine.node}; ${RUNS} runs each, ${server.widgetNavigationToIframe['1x'].runs} navigations of each page`,
);
console.log('Server: navigation → file iframe in the DOM (ms, median), server-rendered widget page vs plain-DOM reference');
console.table(server.widgetNavigationToIframe);
if (server.load) {
  console.log('Server: loopback load run, 10 s × 10 connections each');
  console.table(server.load);
}
