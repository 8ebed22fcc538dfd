/**
 * npm run bench:fleet: only the fleet's part of `npm run bench` (fleet.mjs), measured exactly as
 * there. BENCH_PAGES_DIR: pages built earlier, instead of a production build in a scratch folder.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchFleet, printFleet } from './fleet.mjs';
import { build, root } from './setup.mjs';

const pagesDir = process.env.BENCH_PAGES_DIR || (await build({}));
try {
  const fleet = await benchFleet({ root, pagesDir });
  printFleet(fleet);
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results/bench-fleet.json'), JSON.stringify(fleet, null, 2));
} finally {
  if (!process.env.BENCH_PAGES_DIR) rmSync(pagesDir, { recursive: true, force: true });
}
