/** Folders the server reads, found from the project root (the same from src/ and compiled dist/). */
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The nearest folder above `from` that holds server/migrations. Not the nearest package.json: each
 * compiled copy of the server has one of its own (server/tsconfig.build.json says why).
 */
function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'server/migrations'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No server/migrations above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot(__dirname);
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server/migrations');
