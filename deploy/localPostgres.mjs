/**
 * A throwaway PostgreSQL cluster on this machine (.ci/postgres.sh, which installs Debian's
 * postgresql when missing), for `npm run fleet`, the fleet bench and the Dockerfile's test.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const script = path.resolve(import.meta.dirname, '../.ci/postgres.sh');

/** Starts a cluster; `stop()` stops it and removes its folder. */
export function startLocalPostgres() {
  const env = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const value = (name) => new RegExp(`${name}='([^']+)'`).exec(env)?.[1];
  const dir = value('PG_TEST_DIR');
  return { url: value('TEST_DATABASE_URL'), stop: () => execFileSync('bash', [script, 'stop', dir], { stdio: 'inherit' }) };
}
