/**
 * npm run test:docker: the Dockerfile's build and run, without a container engine (none runs on
 * these machines). Each stage's steps are performed as written: a clean copy of the build context
 * (the repository's files less .dockerignore), COPY into the stage's own root folder, RUN with
 * bash in its WORKDIR, ENV; then the last stage's CMD is started as an unprivileged user with the
 * stage's ENV, its HEALTHCHECK command must pass, the pages must be served, and SIGTERM must end
 * it cleanly. It checks what a container engine adds on top: multi-stage, a non-root USER, a
 * HEALTHCHECK on /readyz.
 * What it cannot show: the base image itself (the Node on PATH stands in for the image's; .ci/run
 * puts Node 24 first, as in node:24-bookworm-slim, and a different major is said at the start).
 * The database is PostgreSQL, as in production: TEST_DATABASE_URL when set (bash .ci/run), else a
 * throwaway cluster (.ci/postgres.sh).
 */
/* global fetch -- Node 20 and later have it */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalPostgres } from '../../deploy/localPostgres.mjs';
import { parseDockerfile } from './parseDockerfile.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const fail = (message) => {
  throw new Error(`Dockerfile: ${message}`);
};

/** The build context as an engine would send it: tracked and new files, less .dockerignore. */
function cleanContext(into) {
  const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const matches = (file) => ignored.some((p) => (p.startsWith('*.') ? file.endsWith(p.slice(1)) : file === p || file.startsWith(`${p}/`)));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files.filter((f) => !matches(f))) {
    try {
      cpSync(path.join(root, file), path.join(into, file), { recursive: false });
    } catch (error) {
      if (error.code !== 'ENOENT') throw error; // deleted in the work tree, not yet in git
    }
  }
}

function performStage(stage, stages, context, work) {
  const stageRoot = path.join(work, stage.name);
  let workdir = stageRoot;
  const env = {};
  for (const step of stage.steps) {
    if (step.op === 'WORKDIR') {
      workdir = path.join(stageRoot, step.args);
      mkdirSync(workdir, { recursive: true });
    } else if (step.op === 'ENV') Object.assign(env, step.env);
    else if (step.op === 'COPY') {
      const from = step.flags.from ? path.join(work, stages.find((s) => s.name === step.flags.from).name) : context;
      const sources = step.paths.slice(0, -1);
      const dest = step.paths.at(-1);
      for (const source of sources) {
        const target = dest.endsWith('/') || sources.length > 1 ? path.join(workdir, dest, path.basename(source)) : path.resolve(workdir, dest);
        cpSync(step.flags.from ? path.join(from, source) : path.join(from, source), target, { recursive: true, verbatimSymlinks: true });
      }
    } else if (step.op === 'RUN') {
      console.log(`[${stage.name}] RUN ${step.args}`);
      execFileSync('bash', ['-c', step.args], { cwd: workdir, stdio: 'inherit', env: { ...process.env, ...env } });
    }
  }
  return { workdir, env, stageRoot };
}

async function until(check, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`${what}: not within ${timeoutMs} ms`);
}

const dockerfile = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const { stages } = dockerfile;
if (stages.length < 2) fail('is not multi-stage');
const runtime = stages.at(-1);
const user = runtime.steps.findLast((s) => s.op === 'USER')?.args;
if (!user || user === 'root' || user === '0') fail('the last stage must run as a non-root USER');
const healthcheck = runtime.steps.find((s) => s.op === 'HEALTHCHECK');
if (!healthcheck || !healthcheck.command.join(' ').includes('/readyz')) fail('the HEALTHCHECK must ask /readyz');
const cmd = runtime.steps.findLast((s) => s.op === 'CMD');
if (!cmd) fail('has no CMD');
const imageMajor = /^node:(\d+)/.exec(runtime.image)?.[1];
if (!imageMajor) fail(`the last stage's image is not an official Node image: ${runtime.image}`);
const nodeOnPath = execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
if (nodeOnPath.split('.')[0] !== imageMajor) console.log(`Dockerfile: note: Node ${nodeOnPath} stands in for ${runtime.image}.`);

const work = mkdtempSync(path.join(tmpdir(), 'dfw-docker-'));
let child;
let cluster = null;
try {
  const context = path.join(work, 'context');
  cleanContext(context);
  let last;
  for (const stage of stages) last = performStage(stage, stages, context, work);
  // Another user reads the image's files, as the `node` user of the image would.
  execFileSync('chmod', ['-R', 'a+rX', work]);
  chmodSync(work, 0o755);
  if (!process.env.TEST_DATABASE_URL) cluster = startLocalPostgres();
  const port = String(3900 + Math.floor(Math.random() * 90));
  const env = {
    PATH: process.env.PATH,
    ...last.env,
    PORT: port,
    HOST: '127.0.0.1',
    APP_SECRET: 'docker-test-secret-of-32-bytes-or-more',
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? cluster.url,
  };
  // As root here, the server runs as `nobody` (the image's `node` user does not exist on this machine).
  const asUser =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })) }
      : {};
  const [command, ...args] = cmd.command;
  console.log(`[${runtime.name}] CMD ${cmd.command.join(' ')} (as ${asUser.uid === undefined ? 'this user' : 'nobody'})`);
  child = spawn(command, args, { cwd: last.workdir, env, stdio: 'inherit', ...asUser });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const [hcCommand, ...hcArgs] = healthcheck.command;
  await until(
    () =>
      new Promise((resolve) => spawn(hcCommand, hcArgs, { cwd: last.workdir, env, stdio: 'ignore', ...asUser }).once('exit', (code) => resolve(code === 0))),
    60_000,
    'HEALTHCHECK passing',
  );
  const page = await fetch(`http://127.0.0.1:${port}/settings.html`);
  if (page.status !== 200 || !(await page.text()).includes('<script')) fail(`the settings page answered ${page.status}`);
  child.kill('SIGTERM');
  const end = await exited;
  child = null;
  if (end.code !== 0) fail(`SIGTERM ended the server with ${JSON.stringify(end)}`);
  console.log('Dockerfile: built in a clean copy, started as a non-root user, healthy on /readyz, pages served, stopped cleanly.');
} finally {
  if (child) child.kill('SIGKILL');
  cluster?.stop();
  rmSync(work, { recursive: true, force: true });
}
