/**
 * A server started as its own process, and its address once it listens (it prints
 * "server at http://…"): the one helper of the server's process tests (serverProcess.ts), the
 * bench (test/bench/server.mjs) and the fleet bench (test/bench/fleet.mjs). CommonJS, so both the
 * bench's ES modules and the TypeScript tests load it as it is; types in spawnServer.d.cts.
 */
/* global clearTimeout */
const { spawn } = require('node:child_process');

/** Starts `node <args>` in `cwd` with exactly `env` (plus PATH); stderr is kept with stdout, or passed through. */
function spawnServer({ args, env, cwd, stderr = 'pipe' }) {
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', stderr] });
  let out = '';
  child.stdout.on('data', (d) => (out += d.toString()));
  child.stderr?.on('data', (d) => (out += d.toString()));
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    output: () => out,
    exited: () => exit,
    listening(timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
        const check = () => {
          const match = /server at (http:\/\/\S+)/.exec(out);
          if (!match) return;
          clearTimeout(timer);
          resolve(match[1]);
        };
        child.stdout.on('data', check);
        check();
        void exit.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`exited (${signal ?? code}) before listening:\n${out}`));
        });
      });
    },
  };
}

module.exports = { spawnServer };
