/**
 * The stage's image route for Mirage's pages of a PDF or a presentation (mirage/nativePages.ts):
 * `GET /content/images/stage-<fixture>-<page>-<width>` answers that page of the fixture drawn at
 * that width, as the server's image route answers a page's image. Mirage runs in the browser and
 * cannot run poppler; the stage's dev server (webpack.config.js) can: it draws a page with
 * poppler's `pdftoppm` (as the server does) on its first request, keeps the PNG in
 * node_modules/.cache/stage-pages/ (ignored by git), and draws it again once the fixture's PDF is
 * newer. Drawn on request, not at start-up: `npm start` starts as fast as before, and only the
 * pages a browser shows are drawn (a lazy page as it nears the view). Only the fixtures, pages and
 * widths of mirage/pageFixtures.json; any other path is 404. Without poppler, `popplerMissing`
 * says why: the build hands it to Mirage, which shows it instead of the pages.
 */
const { execFile, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const manifest = require('../mirage/pageFixtures.json');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_CACHE = path.join(ROOT, 'node_modules/.cache/stage-pages');
const ID = /^\/stage-([a-z0-9-]+)-(\d{1,3})-(\d{1,4})$/;
/** One poppler process per core of a small machine; the others wait. */
const AT_ONCE = 2;
const DRAW_TIME_MS = 30_000;

/** Why the stage cannot draw pages (the tool is not there), or '' when it can. */
function popplerMissing(tool = 'pdftoppm') {
  const probe = spawnSync(tool, ['-v'], { stdio: 'ignore' });
  if (!probe.error) return '';
  return `poppler's ${tool} is not installed (Debian's poppler-utils: apt-get install poppler-utils)`;
}

/** The page a request's path (under /content/images) names, or null. */
function pageOf(url) {
  const match = ID.exec(url.split('?')[0]);
  if (!match) return null;
  const [, name, pageText, widthText] = match;
  const fixture = Object.hasOwn(manifest.fixtures, name) ? manifest.fixtures[name] : null;
  const page = Number(pageText);
  const width = Number(widthText);
  if (!fixture || !(page >= 1 && page <= fixture.pages) || !manifest.widths.includes(width)) return null;
  return { id: `stage-${name}-${page}-${width}`, pdf: path.join(ROOT, fixture.pdf), page, width };
}

function isFresh(file, pdf) {
  try {
    return fs.statSync(file).mtimeMs >= fs.statSync(pdf).mtimeMs;
  } catch {
    return false;
  }
}

/** Draws pages with at most AT_ONCE poppler processes, each request's page once. */
function pageDrawer(cacheDir, tool) {
  const drawing = new Map();
  const queue = [];
  let running = 0;
  const next = () => {
    if (running >= AT_ONCE || queue.length === 0) return;
    running += 1;
    const job = queue.shift();
    job().finally(() => {
      running -= 1;
      next();
    });
  };
  const draw = ({ pdf, page, width }, file) =>
    new Promise((resolve, reject) => {
      const stem = `${file}.${process.pid}.drawing`;
      const args = ['-png', '-singlefile', '-f', String(page), '-l', String(page), '-scale-to-x', String(width), '-scale-to-y', '-1', pdf, stem];
      execFile(tool, args, { timeout: DRAW_TIME_MS }, (error) => {
        if (error) return reject(error);
        fs.rename(`${stem}.png`, file, (moved) => (moved ? reject(moved) : resolve()));
      });
    });
  return (page) => {
    const file = path.join(cacheDir, `${page.id}.png`);
    if (isFresh(file, page.pdf)) return Promise.resolve(file);
    if (!drawing.has(file)) {
      const done = new Promise((resolve, reject) => {
        queue.push(() => draw(page, file).then(() => resolve(file), reject));
        next();
      }).finally(() => drawing.delete(file));
      drawing.set(file, done);
    }
    return drawing.get(file);
  };
}

/** The route, as a middleware of the dev server (mounted at /content/images) or of any Node server. */
function pageImages({ cacheDir = DEFAULT_CACHE, tool = 'pdftoppm' } = {}) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const drawn = pageDrawer(cacheDir, tool);
  return (request, response) => {
    const page = request.method === 'GET' || request.method === 'HEAD' ? pageOf(request.url ?? '') : null;
    if (!page) return void response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('No such page image on the stage.');
    drawn(page).then(
      (file) => {
        response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': fs.statSync(file).size, 'Cache-Control': 'no-cache' });
        if (request.method === 'HEAD') return void response.end();
        fs.createReadStream(file).pipe(response);
      },
      (error) => {
        const why = error.code === 'ENOENT' ? popplerMissing(tool) : `pdftoppm failed: ${String(error.message).slice(0, 200)}`;
        response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end(why);
      },
    );
  };
}

module.exports = { pageImages, popplerMissing, pageOf };
