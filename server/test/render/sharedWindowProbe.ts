/**
 * Run by renderReuse.test.ts as a child process from its TypeScript source (jsdom 29 loads as an
 * ES module, which the tests' own module system cannot): renders a hostile export and a text the
 * way the render worker does, then prints what became of the worker's shared window.
 */
import { renderExport, renderText } from '../../src/render/renderExport';
import { renderWindow } from '../../src/render/renderWindow';

const hostile = process.argv[2] ?? '';
const before = renderWindow();
renderExport(hostile, new Map());
renderText('<script>globalThis.leaked = 2</script>');
renderExport(hostile, new Map());
const window = renderWindow();
const doc = window.document;
console.log(
  JSON.stringify({
    sameWindow: window === before,
    title: doc.title,
    head: doc.head.innerHTML,
    body: doc.body.innerHTML,
    baseURI: doc.baseURI,
    styleSheets: doc.styleSheets.length,
    leaked: [(window as unknown as { leaked?: number }).leaked ?? null, (globalThis as { leaked?: number }).leaked ?? null],
  }),
);
