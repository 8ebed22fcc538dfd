/**
 * Mirage's rendering of a file shown as part of the page (issue 20), for the stage and the client
 * tests: a Google Doc is the real export of the 27 KB reference document (the fake drive's
 * `exports/`), rebuilt by the server's own converter (src/drive/convertExport.ts) on the
 * browser's DOM (or jsdom's); its images are left out (Mirage keeps no copies; the export's URLs
 * expire). Mirage does not sanitize it: the element does, with the contract's rules. A text file
 * or an image is a stand-in made of its title.
 */
import referenceExport from '../server/dev/fakeDrive/exports/devex-reference-document.html?raw';
import { ExportConverter } from '../src/drive/convertExport';
import { nativeKindOf } from '../src/drive/display';
import { readExportStyles } from '../src/drive/exportStyles';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The reference export rebuilt as the server rebuilds a document. */
export function documentRendering(exportHtml: string = referenceExport): string {
  const source = new DOMParser().parseFromString(exportHtml, 'text/html');
  const css = Array.from(source.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n');
  const out = document.implementation.createHTMLDocument('');
  const converter = new ExportConverter(out, { styles: readExportStyles(css), imageFor: () => null });
  const container = out.createElement('div');
  container.append(...converter.children(source.body));
  return container.innerHTML;
}

/** What Mirage shows for a file as part of the page. */
export function nativeRendering(title: string, mimeType: string): string {
  const kind = nativeKindOf(mimeType) ?? 'file';
  if (kind === 'document') return documentRendering();
  return `<h1 id="h.top">${escapeHtml(title)}</h1><p>The ${kind} as part of the page (Mirage's stand-in rendering).</p>`;
}
