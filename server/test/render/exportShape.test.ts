/**
 * The depth limit counts the tree the parser builds (exportShape.ts), not the tags as written: for
 * markup the parser repairs (end tags it ignores, formatting it re-opens or moves, content it
 * fosters out of a table, a template's content, foreign content), the measure agrees with the
 * tree the renderer's own parse builds (jsdom), and the verdict falls exactly at MAX_NESTING.
 * Checked in a child process (exportShapeProbe.ts): parse5 and jsdom load as ES modules.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

jest.setTimeout(120_000);

interface Result {
  jsdom?: number;
  measured?: number;
  verdict: string | null;
}

function probe(exports: { html: string; measureOnly?: boolean }[]): Result[] {
  const root = path.resolve(__dirname, '../../..');
  const output = execFileSync(process.execPath, ['-r', './server/test/support/register-ts.js', 'server/test/render/exportShapeProbe.ts'], {
    cwd: root,
    encoding: 'utf8',
    input: JSON.stringify(exports),
    env: { ...process.env, NODE_OPTIONS: '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output) as Result[];
}

const TOO_DEEP = 'too_deep: The document nests deeper than 400 elements.';

const SHAPES: [string, (n: number) => string][] = [
  ['nested elements', (n) => `${'<div>'.repeat(n)}x`],
  ['stray end tags', (n) => `${'<div></b>'.repeat(n)}x`],
  ['stray end tags of every kind', (n) => `${'<section></p></li></td></table></span>'.repeat(n)}x`],
  ['misnested formatting', (n) => `${'<b><i></b></i><div>'.repeat(n)}x`],
  ['formatting around blocks, closed out of order', (n) => `${'<b><div>'.repeat(n)}x${'</b>'.repeat(n)}y`],
  ['formatting the parser re-opens at every paragraph', (n) => `<p>${Array.from({ length: n }, (_, i) => `<b class=c${i}>`).join('')}</p><p>x</p><p>y`],
  ['links inside links', (n) => `${'<a href=#><div>'.repeat(n)}x`],
  ['content fostered out of tables', (n) => `${'<table><tr><td><table><div>'.repeat(n)}x`],
  ['nested tables', (n) => `${'<table><tr><td>'.repeat(n)}x`],
  ['nested lists', (n) => `${'<ul><li>'.repeat(n)}x`],
  ["a template's content", (n) => `<template>${'<div>'.repeat(n)}x</template>`],
  ['foreign content', (n) => `<svg>${'<g>'.repeat(n)}</svg>`],
];

const page = (body: string) => `<html><body>${body}</body></html>`;

test('the measure agrees with the tree the renderer parses; refused exactly when it nests deeper than 400', () => {
  const cases = SHAPES.flatMap(([name, shape]) => [5, 120, 450].map((n) => ({ name, n, html: page(shape(n)) })));
  const results = probe(cases);
  const report = cases.map(({ name, n }, i) => {
    const { jsdom, measured, verdict } = results[i]!;
    return { name, n, agrees: measured === jsdom, refusedWhenDeep: verdict === (jsdom! > 400 ? TOO_DEEP : null) };
  });
  expect(report).toEqual(cases.map(({ name, n }) => ({ name, n, agrees: true, refusedWhenDeep: true })));
  // Each shape reaches past the limit at 450 (so each is checked on both sides of it).
  expect(cases.filter(({ n }, i) => n === 450 && results[i]!.verdict === null).map(({ name }) => name)).toEqual([]);
});

test('counts the root: 398 elements inside <html><body> pass, 399 do not; 10 MB of stray end tags stop at the limit', () => {
  const results = probe([
    { html: page('<div></b>'.repeat(398)), measureOnly: true },
    { html: page('<div></b>'.repeat(399)), measureOnly: true },
    { html: '<div></b>'.repeat(1024 * 1024), measureOnly: true },
  ]);
  expect(results).toEqual([{ verdict: null }, { verdict: TOO_DEEP }, { verdict: TOO_DEEP }]);
});

test('refuses an export whose parser would make more than 500,000 elements, however shallow', () => {
  // 300 formatting elements the parser re-opens at each of 2,000 paragraphs: 600,000 elements from 50 KB.
  const opened = Array.from({ length: 300 }, (_, i) => `<b class=c${i}>`).join('');
  const results = probe([
    { html: `<p>${opened}${'</p><p>x'.repeat(2000)}`, measureOnly: true },
    { html: `<p>${opened}${'</p><p>x'.repeat(100)}`, measureOnly: true },
  ]);
  expect(results).toEqual([{ verdict: 'too_large: The document makes more than 500,000 elements.' }, { verdict: null }]);
});
