/**
 * Jest's `testSequencer`: Jest's own order (failed first, then slowest first where it has timings,
 * else largest first). On the way it notes, for the browser tests' global setup (globalSetup.ts),
 * what the browser test files about to run need: how many there are, and the shared builds they
 * declare in a `@e2e-builds <kind>…` line (sharedBuilds.ts), so a run builds only what it uses.
 */
const { readFileSync } = require('fs');
const Sequencer = require('@jest/test-sequencer').default;

class TestSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const browser = sorted.filter((test) => test.context.config.displayName?.name === 'browser');
    const builds = new Set(browser.flatMap((test) => declaredBuilds(readFileSync(test.path, 'utf8'))));
    process.env.E2E_TEST_FILES = String(browser.length);
    process.env.E2E_BUILDS = [...builds].join(' ');
    return sorted;
  }
}

function declaredBuilds(source) {
  return [...source.matchAll(/@e2e-builds((?:[ \t]+[\w-]+)+)/g)].flatMap((m) => m[1].trim().split(/\s+/));
}

module.exports = TestSequencer;
