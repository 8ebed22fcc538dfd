/**
 * `npm run screenshots`: refreshes the pictures the docs show (docs/pictures/). The browser tests
 * write every screenshot under test-results/ (ignored), so `npm test` leaves the tree as it was;
 * this runs the browser tests that take the docs' pictures, then copies each picture of
 * docs/pictures/ from test-results/. A picture no test took in this run fails the command, named.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PICTURES = path.join(root, 'docs/pictures');
const RESULTS = path.join(root, 'test-results');
/** The browser tests that take the docs' pictures. */
const TESTS = ['stage', 'displaySettings', 'currentEditor', 'currentNative', 'currentNativeCheck', 'nativeHeight'];

const started = Date.now();
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const files = TESTS.map((name) => `test/e2e/${name}.e2e.ts`);
const run = spawnSync(process.execPath, [jest, '--selectProjects', 'browser', '--maxWorkers=2', '--', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' },
});
if (run.status !== 0) process.exit(run.status ?? 1);

const pictures = readdirSync(PICTURES).filter((file) => file.endsWith('.png'));
const missing = pictures.filter((name) => {
  const taken = path.join(RESULTS, name);
  return !existsSync(taken) || statSync(taken).mtimeMs < started;
});
if (missing.length > 0) {
  console.error(`No test took these pictures in this run: ${missing.join(', ')}`);
  process.exit(1);
}
for (const name of pictures) copyFileSync(path.join(RESULTS, name), path.join(PICTURES, name));
console.log(`Refreshed ${pictures.length} pictures in docs/pictures/.`);
