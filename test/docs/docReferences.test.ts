/**
 * @jest-environment node
 */
// Every file or folder a doc links to or names as a path exists, and every anchor of a link into a
// Markdown file is one of its headings. The docs: the Markdown files at the top, under docs/ and
// deploy/, and src/i18n/STYLE.md.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import os from 'os';
import path from 'path';
import { anchorsOf, problemsOf } from './docReferences';

const root = path.resolve(__dirname, '../..');

function markdownUnder(dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return markdownUnder(relative);
    return name.endsWith('.md') ? [relative] : [];
  });
}

const DOCS = [...readdirSync(root).filter((name) => name.endsWith('.md')), ...markdownUnder('docs'), ...markdownUnder('deploy'), 'src/i18n/STYLE.md'];

test('the docs checked include the README, the architecture, the contributing guide and docs/', () => {
  expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'SECURITY.md', 'docs/operating.md']));
});

test.each(DOCS)('every reference of %s resolves', (doc) => {
  expect(problemsOf(root, doc, readFileSync(path.join(root, doc), 'utf8'))).toEqual([]);
});

describe('the check itself', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'doc-references-'));
    writeFileSync(path.join(scratch, 'other.md'), '# Other page\n\n## Run `npm test` (twice)\n');
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('names a missing file, a missing heading and a missing path, and passes what exists', () => {
    const doc = [
      '# Here',
      '[ok](other.md#run-npm-test-twice) [ok](#here) [ok](https://example.com/x) `other.md`',
      '[gone](missing.md) [bad anchor](other.md#nowhere) ![gone](pictures/none.png)',
      '`src/nowhere.ts` `src/*.ts` `server/dist/main.js`',
      '```sh',
      'cat src/inFence.ts `src/inFenceToo.ts`',
      '```',
    ].join('\n');
    expect(problemsOf(scratch, 'doc.md', doc).map(({ line, reference, why }) => [line, reference, why])).toEqual([
      [3, 'missing.md', 'no such file or folder'],
      [3, 'other.md#nowhere', 'no such heading'],
      [3, 'pictures/none.png', 'no such file or folder'],
      [4, 'src/nowhere.ts', 'no such file or folder'],
    ]);
  });

  test("anchors follow GitHub's rule, repeated headings numbered", () => {
    expect([...anchorsOf('# A b\n## Rules (`npm run lint`, part of it)\n## A b\n```\n# not a heading\n```')]).toEqual([
      'a-b',
      'rules-npm-run-lint-part-of-it',
      'a-b-1',
    ]);
  });
});
