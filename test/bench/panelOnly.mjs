/**
 * npm run bench:panel: only the settings panel's parts of `npm run bench`, measured exactly as
 * there: the first scripts against their references (firstScripts.mjs), the files table in the
 * 5,009-row folder (filesTable.mjs) and Lighthouse on the panel's page (lighthouse.mjs).
 * - BENCH_PARTS: which parts, comma-separated (`sizes`, `table`, `lighthouse`; default all three);
 * - BENCH_RUNS: runs per figure (at least 10); LIGHTHOUSE_RUNS: Lighthouse runs (default 5);
 * - BENCH_STAGE_DIR: a stage build made earlier (`npx webpack --mode production --env mock
 *   --env outDir=…`), instead of one in a scratch folder.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildReferences, firstScripts, printFirstScripts } from './firstScripts.mjs';
import { benchFilesTable, printFilesTable } from './filesTable.mjs';
import { benchLighthouse, printLighthouse } from './lighthouse.mjs';
import { build, launch, median, root, servePages, summary } from './setup.mjs';

const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 10));
const parts = new Set((process.env.BENCH_PARTS ?? 'sizes,table,lighthouse').split(',').map((p) => p.trim()));
const results = { date: new Date().toISOString(), runs: RUNS };

if (parts.has('sizes')) {
  const [dist, refs] = [await build({}), await buildReferences()];
  results.firstScripts = firstScripts(dist, refs);
  rmSync(dist, { recursive: true, force: true });
  rmSync(refs, { recursive: true, force: true });
  printFirstScripts(results.firstScripts);
}

if (parts.has('table') || parts.has('lighthouse')) {
  const stageDir = process.env.BENCH_STAGE_DIR || (await build({ mock: 'true' }));
  const browser = await launch();
  const stage = await servePages(stageDir);
  try {
    if (parts.has('table')) {
      results.filesTable = await benchFilesTable({ context: browser.context, url: stage.url, runs: RUNS, summary });
      printFilesTable(results.filesTable);
    }
    if (parts.has('lighthouse')) {
      results.lighthouse = await benchLighthouse({ context: browser.context, pagesDir: stageDir, median });
      printLighthouse(results.lighthouse);
    }
  } finally {
    stage.server.close();
    await browser.close();
    if (!process.env.BENCH_STAGE_DIR) rmSync(stageDir, { recursive: true, force: true });
  }
}

mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results/bench-panel.json'), JSON.stringify(results, null, 2));
console.log('Written to test-results/bench-panel.json');
