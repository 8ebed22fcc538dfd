/**
 * Runs a sign-in popup's last page (the OAuth callback's HTML) as a browser would, in jsdom, in a
 * worker thread (jsdom loads as an ES module, which the tests' module runtime cannot): its inline
 * script runs, with a stand-in opener when asked. Answers what a person sees (hidden parts left
 * out), what the page posted to its opener and whether it closed itself, `waitMs` after it loaded.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { JSDOM } = require('jsdom');

const { html, url, withOpener, waitMs } = workerData;
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

function shown() {
  const { document, NodeFilter } = dom.window;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const parts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest('[hidden], script, style')) parts.push(node.textContent);
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

setTimeout(() => {
  parentPort.postMessage({ shown: shown(), posted: JSON.parse(JSON.stringify(posted)), closed });
  dom.window.close();
}, waitMs);
