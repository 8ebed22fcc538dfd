/**
 * The render worker's one jsdom window, made on first use and kept for every render after (a new
 * window per render cost more than the render itself: jsdom installs hundreds of interfaces on
 * each). Renders never touch the window's own document: each parses its export into a document of
 * its own (DOMParser: no browsing context, so no script runs and nothing is fetched) and builds
 * its result in another fresh document, so nothing of one render is left for the next.
 */
import { JSDOM, type DOMWindow } from 'jsdom';

let shared: DOMWindow | null = null;

export function renderWindow(): DOMWindow {
  shared ??= new JSDOM('').window;
  return shared;
}

/** `html` parsed into a new, inert document of the worker's window. */
export function parsedDocument(html: string): Document {
  return new (renderWindow().DOMParser)().parseFromString(html, 'text/html');
}

/** A new, empty document to build a render's result in. */
export function emptyDocument(): Document {
  return renderWindow().document.implementation.createHTMLDocument('');
}
