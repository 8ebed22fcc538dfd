/**
 * `npm test`: the lint, the type check and the tests, side by side rather than one after the
 * other. The tests' output streams as it comes; the lint's and the type check's are printed when
 * each ends, so they use the time the tests leave idle (a browser waiting, the last test file
 * alone). Fails if any of them fails.
 *
 * `npm run test:quick` (`--quick`): the unit and server tests only, for the inner loop: no lint,
 * no type check, no browser and so no build. Further arguments go to Jest either way
 * (`npm run test:quick -- src/ui`).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const jestBin = createRequire(import.meta.url).resolve('jest/bin/jest');
// A larger young generation: the tests allocate much short-lived memory (a module registry and a
// DOM per test file), and fewer, larger scavenges save about 7% of the tests' CPU time.
const jestOptions = '--experimental-vm-modules --disable-warning=ExperimentalWarning --max-semi-space-size=64';

/**
 * The lint and the type check run behind the tests: at a lower CPU priority (inherited by the
 * processes npm starts), they take the time the tests leave idle instead of slowing the tests'
 * own start, which holds the longest chain of the run (the browser tests).
 */
const BEHIND_THE_TESTS = 10;

/** Runs a command; resolves with its exit code, elapsed time and (unless streamed) its output. */
function run(name, command, args, { env = process.env, stream = false, niceness = 0 } = {}) {
  const started = Date.now();
  const child = spawn(command, args, { env, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  if (niceness && child.pid) {
    try {
      setPriority(child.pid, niceness);
    } catch {
      // Not allowed here: it runs at the same priority as the tests.
    }
  }
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      const result = { name, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000, output };
      if (!stream) process.stdout.write(`\n── ${name} (${result.code === 0 ? 'passed' : 'FAILED'}, ${result.seconds.toFixed(1)} s) ──\n${output}`);
      resolve(result);
    }),
  );
}

const quick = process.argv[2] === '--quick';
// More Jest workers than the two cores: the tests wait (on processes, timers, a browser's page), and
// the other workers fill that time. No browser runs in the quick run: three workers there (idle:
// 71 s against 79 s with two, the same CPU). The whole run keeps four files going, each browser file
// with a Chromium of its worker: idle, 145-148 s against 154 s with three and 186 s with two, and
// busy 98% of the time; six cost more CPU than they save (169 s).
const QUICK_WORKERS = '3';
const FULL_WORKERS = '4';
const jestArgs = quick
  ? ['--selectProjects', 'unit', 'server', `--maxWorkers=${QUICK_WORKERS}`, ...process.argv.slice(3)]
  : [`--maxWorkers=${FULL_WORKERS}`, ...process.argv.slice(2)];
const results = await Promise.all([
  run('jest', process.execPath, [jestBin, ...jestArgs], {
    env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, jestOptions].filter(Boolean).join(' ') },
    stream: true,
  }),
  ...(quick
    ? []
    : [
        run('lint', npm, ['run', '--silent', 'lint'], { niceness: BEHIND_THE_TESTS }),
        run('typecheck', npm, ['run', '--silent', 'typecheck'], { niceness: BEHIND_THE_TESTS }),
      ]),
]);

console.log(`\n── npm ${quick ? 'run test:quick' : 'test'} ──`);
for (const r of results) console.log(`${r.code === 0 ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds.toFixed(1)} s)${r.signal ? `, ${r.signal}` : ''}`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
