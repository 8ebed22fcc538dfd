/**
 * Runs sign-in popups' last pages (the OAuth callback's HTML) as a browser would, in jsdom, in a
 * worker thread (jsdom loads as an ES module, which the tests' module runtime cannot; one worker
 * serves a test file, so jsdom loads once). For each page asked for: its inline script runs, with a
 * stand-in opener when asked; the answer says what a person sees (hidden parts left out), what the
 * page posted to its opener and whether it closed itself, `waitMs` after it loaded.
 */
const { parentPort } = require('node:worker_threads');
const { JSDOM } = require('jsdom');

function shown(window) {
  const { document, NodeFilter } = window;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const parts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest('[hidden], script, style')) parts.push(node.textContent);
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

parentPort.on('message', ({ id, html, url, withOpener, waitMs }) => {
  const posted = [];
  let closed = false;
  const opener = withOpener ? { postMessage: (data, targetOrigin) => posted.push({ data, targetOrigin }) } : null;
  const dom = new JSDOM(html, {
    url,
    runScripts: 'dangerously',
    beforeParse(window) {
      Object.defineProperty(window, 'opener', { value: opener, configurable: true });
      window.close = () => {
        closed = true;
      };
    },
  });
  setTimeout(() => {
    parentPort.postMessage({ id, page: { shown: shown(dom.window), posted: JSON.parse(JSON.stringify(posted)), closed } });
    dom.window.close();
  }, waitMs);
});
