/**
 * How deep an export nests and how many elements it makes, measured on the tree the HTML parser
 * builds (parse5, the parser jsdom runs, with scripting off as DOMParser's), before jsdom parses
 * it: jsdom's parse and the converter slow with the square of the depth, so depth is what must be
 * bounded, and only the parser's tree has it. Tags as written do not: the parser ignores an end
 * tag with no open element of its name (`<div></b>` nests one `div` deeper each time) and
 * re-opens formatting elements it closed (`<b a=1><b a=2>…</p><p>x` makes them again at every
 * paragraph). parse5 alone is linear in the input; the measure stops it as soon as it holds more
 * elements open than MAX_NESTING, or has made more than MAX_ELEMENTS, and then measures the tree it
 * built (an element moved by the parser's repairs may sit deeper than it was opened).
 */
import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap, type DefaultTreeAdapterTypes, type TreeAdapter } from 'parse5';
import { UnrenderableError } from './unrenderable';

/** Deeper than this, an export is refused (the root element is at depth 1); no real document nests so deep (about 10). */
export const MAX_NESTING = 400;
/** More elements than this, an export is refused: real exports make one per 60 to 150 bytes, about 170,000 at most within the 10 MB limit. */
export const MAX_ELEMENTS = 500_000;

const tooDeep = () => new UnrenderableError('too_deep', `The document nests deeper than ${MAX_NESTING} elements.`);
const tooMany = () => new UnrenderableError('too_large', `The document makes more than ${MAX_ELEMENTS.toLocaleString('en')} elements.`);

type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** The deepest element of the tree under `root` (an element counts itself; a template's content counts under it), in one pass without recursion. */
export function treeDepth(root: ParentNode): number {
  let deepest = 0;
  const pending: [ParentNode, number][] = [[root, 0]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [node, depth] = item;
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      deepest = Math.max(deepest, depth + 1);
      pending.push([child, depth + 1]);
      if ('content' in child) pending.push([child.content, depth + 1]);
    }
  }
  return deepest;
}

/** Throws the UnrenderableError of an export the renderer must not parse: nested deeper than MAX_NESTING, or making more than MAX_ELEMENTS. */
export function checkExportShape(html: string): void {
  let open = 0;
  let made = 0;
  const treeAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      made += 1;
      if (made > MAX_ELEMENTS) throw tooMany();
      return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
    onItemPush() {
      open += 1;
      if (open > MAX_NESTING) throw tooDeep();
    },
    onItemPop() {
      open -= 1;
    },
  };
  const document = parse(html, { treeAdapter, scriptingEnabled: false });
  if (treeDepth(document) > MAX_NESTING) throw tooDeep();
}
