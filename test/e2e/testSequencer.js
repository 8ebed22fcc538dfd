/**
 * Jest's `testSequencer`: Jest's own order (failed first, then slowest first where it has timings,
 * else largest first), except that the browser test files which await a shared build run after
 * the other browser test files, so the builds (in the background, at low priority) have the
 * others' time to finish. On the way it notes, for the browser tests' global setup
 * (globalSetup.ts), how many browser test files will run and the shared builds they declare in an
 * `@e2e-builds <kind>…` line (sharedBuilds.ts): a run builds only what its files use.
 */
const { readFileSync } = require('fs');
const Sequencer = require('@jest/test-sequencer').default;

class TestSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const isBrowser = (test) => test.context.config.displayName?.name === 'browser';
    const browser = sorted.filter(isBrowser).map((test) => ({ test, builds: declaredBuilds(readFileSync(test.path, 'utf8')) }));
    process.env.E2E_TEST_FILES = String(browser.length);
    process.env.E2E_BUILDS = [...new Set(browser.flatMap((b) => b.builds))].join(' ');
    // The browser files take the same places in the order, those needing no build first.
    const reordered = [...browser.filter((b) => b.builds.length === 0), ...browser.filter((b) => b.builds.length > 0)].map((b) => b.test);
    return sorted.map((test) => (isBrowser(test) ? reordered.shift() : test));
  }
}

function declaredBuilds(source) {
  return [...source.matchAll(/@e2e-builds((?:[ \t]+[\w-]+)+)/g)].flatMap((m) => m[1].trim().split(/\s+/));
}

module.exports = TestSequencer;
