/**
 * Run by exportShape.test.ts as a child process from its TypeScript source (parse5 and jsdom load
 * as ES modules, which the tests' own module system cannot): for each export of the JSON array on
 * stdin, the depth of the tree the renderer's own parse builds (jsdom, renderWindow.ts), the depth
 * the shape check measures on parse5's tree, and the shape check's verdict (its reason, or null).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'parse5';
import { checkExportShape, treeDepth } from '../../src/render/exportShape';
import { parsedDocument } from '../../src/render/renderWindow';
import { UnrenderableError } from '../../src/render/unrenderable';

/** The deepest element of `root`'s tree (a template's content counted under it), without recursion. */
function domDepth(root: Node): number {
  let deepest = 0;
  const pending: [Node, number][] = [[root, 0]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [node, depth] = item;
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType !== 1) continue;
      deepest = Math.max(deepest, depth + 1);
      pending.push([child, depth + 1]);
      if ((child as Element).localName === 'template') pending.push([(child as HTMLTemplateElement).content, depth + 1]);
    }
  }
  return deepest;
}

function verdict(html: string): string | null {
  try {
    checkExportShape(html);
    return null;
  } catch (error) {
    if (error instanceof UnrenderableError) return `${error.reason}: ${error.message}`;
    throw error;
  }
}

const given = JSON.parse(readFileSync(0, 'utf8')) as { html: string; measureOnly?: boolean }[];
const results = given.map(({ html, measureOnly }) =>
  measureOnly
    ? { verdict: verdict(html) }
    : { jsdom: domDepth(parsedDocument(html)), measured: treeDepth(parse(html, { scriptingEnabled: false })), verdict: verdict(html) },
);
console.log(JSON.stringify(results));
