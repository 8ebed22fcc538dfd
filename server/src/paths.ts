/** Folders the server reads, found from the project root (the same from src/ and compiled dist/). */
import { existsSync } from 'node:fs';
import path from 'node:path';

function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot(__dirname);
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server/migrations');
