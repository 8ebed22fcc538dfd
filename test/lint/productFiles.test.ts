/**
 * @jest-environment node
 */
// Every file under src/ (tests aside) is shipped: reachable from a page's entry, or from a
// backend (server/, or mirage/ which stands in for it). A file only the stage or tests use
// belongs in stage/ or test/.
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import path from 'path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
// The shipped scripts: the two pages (the widget's also in its visitor's copy, widget-site.html), and the custom element (its own entry, no page).
const PAGE_ENTRIES = ['src/settings/main.tsx', 'src/widget/main.ts', 'src/widget/visitor/main.ts', 'src/element/main.ts'];
const BACKENDS = ['server', 'mirage'];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const isSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.(test|e2e)\.tsx?$/.test(file) && !file.endsWith('.d.ts');

/** The server's name for the client's src/ (package.json "imports", lint/clientAlias.cjs). */
const CLIENT_ALIAS = '#client/';

function resolveImport(from: string, spec: string): string | null {
  const aliased = spec.startsWith(CLIENT_ALIAS);
  if (!aliased && !spec.startsWith('.')) return null;
  const base = aliased ? path.join(root, 'src', spec.slice(CLIENT_ALIAS.length)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function reachableFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const ref of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = resolveImport(file, ref.fileName);
      if (target) queue.push(target);
    }
  }
  return seen;
}

it('every file under src/ is used by a page or a backend, not only by the stage or tests', () => {
  const backendEntries = BACKENDS.flatMap((dir) => filesUnder(path.join(root, dir))).filter(isSource);
  const used = reachableFrom([...PAGE_ENTRIES.map((entry) => path.join(root, entry)), ...backendEntries]);
  const unused = filesUnder(path.join(root, 'src'))
    .filter(isSource)
    .filter((file) => !used.has(file))
    .map((file) => path.relative(root, file));
  expect(unused).toEqual([]);
});
