/**
 * The custom element's second check of a rendering, in Chromium, with each of its sanitizers
 * (src/element/contentSanitizer.ts): the browser's own (the Sanitizer API's `Element.setHTML`,
 * which this Chromium has) and DOMPurify (the chunk a browser without it fetches; here with
 * `Element.setHTML` taken away before the page runs). Our server's answer is hostile: nothing
 * in it runs, no host but ours is asked for anything, and only what the contract allows is drawn.
 * A real rendering (the server's own output for the fake drive's Doc) is drawn the same by both.
 *
 * @e2e-builds production
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DRIVE_IDS } from '../../mirage/driveIds';
import { ELEMENT_ATTRIBUTES, ELEMENT_TAG_NAME, elementAttributesOf } from '../../src/contract/elementAttributes';
import { contentAttributeOf } from '../../src/contract/elementContent';
import { readUserModel } from '../../src/contract/userModel';
import { elementMarkup } from '../helpers/elementMarkup';
import { launchBrowser } from './browser';
import { builtPages } from './sharedBuilds';

jest.setTimeout(180_000);

const IMAGE = '/content/images/abcdefghijklmnop';
const HOSTILE = [
  '<p id="a" onclick="window.__ran=1" style="color:#ff0000">kept text<script>window.__ran=2</script></p>',
  `<img src="${IMAGE}" onerror="window.__ran=3" alt="an image">`,
  '<img src="https://evil.example/pixel.png">',
  '<a href="javascript:window.__ran=4">a script link</a> <a href="https://example.com/" target="_blank" rel="noopener">a web link</a>',
  '<svg><script>window.__ran=5</script><image href="https://evil.example/svg.png"/></svg>',
  '<math><mi><mglyph><style><img src="https://evil.example/m.png" onerror="window.__ran=6"></style></mglyph></mi></math>',
  '<form action="https://evil.example/f"><input name="q" autofocus onfocus="window.__ran=7"></form>',
  '<iframe src="https://evil.example/frame"></iframe><object data="https://evil.example/o"></object>',
  '<style>*{background:url(https://evil.example/css.png)}</style><link rel="stylesheet" href="https://evil.example/s.css">',
  `<div class="dfw-pages evil" data-kind="pdf" data-x="1"><figure class="dfw-page"><img src="${IMAGE}" srcset="${IMAGE} 640w, https://evil.example/set.png 1280w" width="10" height="10" alt=""><figcaption class="dfw-page-text">page text</figcaption></figure></div>`,
  '<table><tbody><tr><td colspan="2" style="background:url(https://evil.example/td.png)">a cell</td></tr></tbody></table>',
  '<noscript><p title="</noscript><img src=https://evil.example/n.png onerror=window.__ran=8>"></p></noscript>',
  '<p style="color:#00ff00;behavior:url(x)">styled</p><h2 id="cookie">heading</h2>',
].join('');

interface Served {
  url: string;
  setAnswer(html: string): void;
  close(): Promise<void>;
}

/** The built element and its chunks, and our server's answer to its request for the rendering. */
async function serveElement(dir: string): Promise<Served> {
  let answer = '';
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const cors = { 'Access-Control-Allow-Origin': '*' };
    if (pathname === '/content/current') {
      const body = JSON.stringify({ state: 'content', content: { fileId: DRIVE_IDS.welcomeDoc, version: 7, html: answer } });
      return response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(body);
    }
    if (pathname.startsWith('/content/images/')) return response.writeHead(404, cors).end();
    const file = path.join(dir, path.basename(pathname));
    if (!pathname.endsWith('.js') || !readdirSync(dir).includes(path.basename(pathname))) return response.writeHead(404).end();
    response.writeHead(200, { ...cors, 'Content-Type': 'text/javascript' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setAnswer: (html) => (answer = html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function sitePage(scriptUrl: string): string {
  const model = readUserModel({
    activeFileId: DRIVE_IDS.welcomeDoc,
    activeFilePerm: 'reader',
    activeFileTitle: 'Welcome',
    activeFileMimeType: 'application/vnd.google-apps.document',
  }).model;
  const element = elementMarkup({
    ...elementAttributesOf(model),
    [ELEMENT_ATTRIBUTES.viewMode]: 'site',
    [ELEMENT_ATTRIBUTES.widgetKey]: '3f2b8c1e-5d4a-4b6f-9e0d-7a1c2b3d4e5f',
    [ELEMENT_ATTRIBUTES.content]: contentAttributeOf({ fileId: DRIVE_IDS.welcomeDoc, version: 7 }),
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>Site</title><script type="module" src="${scriptUrl}"></script></head><body>${element}</body></html>`;
}

/** The server's rendering of the fake drive's Doc, made by its renderer (jsdom: in a process of its own). */
function serverRendering(): string {
  const script = `
    const { exportOf } = require('./server/dev/fakeDrive/exports');
    const { exportImageSources } = require('./server/src/render/exportLimits');
    const { renderExport } = require('./server/src/render/renderExport');
    const source = exportOf('${DRIVE_IDS.welcomeDoc}', 'https://lh7-us.googleusercontent.com/e2e');
    const images = new Map(exportImageSources(source).map((src, i) => [src, { src: '/content/images/e2e-image-' + i + '-0000000000', width: null, height: null }]));
    process.stdout.write(renderExport(source, images));`;
  return execFileSync(process.execPath, ['-r', './server/test/support/register-ts.js', '-e', script], {
    cwd: path.resolve(__dirname, '../..'),
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** The site's page, on another origin than our server's (as the platform serves it). */
async function serveSite(scriptUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(sitePage(scriptUrl)));
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let dir: string;
let served: Served;
let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  dir = await builtPages('production');
  served = await serveElement(dir);
  site = await serveSite(`${served.url}/${readdirSync(dir).find((f) => /^element\.[0-9a-f]{8}\.js$/.test(f))}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await site?.close();
});

interface Drawn {
  article: string;
  ran: unknown;
  elsewhere: string[];
  scripts: string[];
}

/** The element's drawing of `html` on a site's page, with the browser's sanitizer or without it. */
async function drawn(html: string, withBrowserSanitizer: boolean): Promise<Drawn> {
  served.setAnswer(html);
  const page: Page = await browser.context.newPage();
  const elsewhere: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== served.url && url.origin !== new URL(site.url).origin) elsewhere.push(request.url());
    if (url.origin === served.url && url.pathname.endsWith('.js')) scripts.push(path.basename(url.pathname).replace(/\.[0-9a-f]{8}(\.chunk)?\.js$/, ''));
  });
  // Only our server and the site's page are on loopback: any other host is refused, and noted.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  if (!withBrowserSanitizer) await page.addInitScript(() => delete (Element.prototype as unknown as { setHTML?: unknown }).setHTML);
  await page.goto(site.url);
  const article = page.locator(`${ELEMENT_TAG_NAME} article`);
  await article.waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  const result = {
    article: await article.evaluate((e) => e.innerHTML),
    ran: await page.evaluate(() => (window as unknown as { __ran?: unknown }).__ran ?? null),
    elsewhere,
    scripts: scripts.sort(),
  };
  await page.close();
  return result;
}

describe.each([
  ['the browser’s own sanitizer', true],
  ['DOMPurify, where the browser has none', false],
])('%s', (_name, withBrowserSanitizer) => {
  it('runs nothing of a hostile answer, asks no other host, and draws only what the contract allows', async () => {
    const result = await drawn(HOSTILE, withBrowserSanitizer);
    expect(result.ran).toBeNull();
    expect(result.elsewhere).toEqual([]);
    expect(result.article).not.toMatch(
      /<(script|svg|math|style|link|iframe|object|form|input|noscript)\b|\son\w+=|javascript:|evil\.example|data-x|class="[^"]*evil/i,
    );
    expect(result.article).toContain(`src="${served.url}${IMAGE}"`);
    expect(result.article).toContain('kept text');
    expect(result.article).toContain('<a href="https://example.com/" target="_blank" rel="noopener">a web link</a>');
    expect(result.article).toContain('style="color:#ff0000">kept text</p>');
    expect(result.article).toContain('<figcaption class="dfw-page-text">page text</figcaption>');
    // DOMPurify's chunk is fetched only where the browser has no sanitizer of its own.
    expect(result.scripts.includes('element-purify')).toBe(!withBrowserSanitizer);
  });
});

it("draws the server's real rendering the same with either sanitizer", async () => {
  const html = serverRendering();
  const [browserDrawn, purified] = [await drawn(html, true), await drawn(html, false)];
  expect(browserDrawn.article.length).toBeGreaterThan(1000);
  expect(browserDrawn.article).toBe(purified.article);
});

it("keeps, with either sanitizer, the owner's signed srcset and the link to the rest in the drive, said in the widget's language", async () => {
  const signed = (n: number) => `${IMAGE}?exp=1900000000&amp;sig=${'s'.repeat(42)}${n}`;
  const html =
    `<div class="dfw-pages" data-kind="pdf"><figure class="dfw-page"><img src="${signed(2)}" srcset="${signed(1)} 640w, ${signed(2)} 1280w" width="10" height="10" alt=""></figure>` +
    '<p class="dfw-pages-more"><a href="https://drive.google.com/file/d/f1/view" data-more="pages" data-from="31" data-to="120"></a></p></div>';
  for (const withBrowserSanitizer of [true, false]) {
    const { article } = await drawn(html, withBrowserSanitizer);
    expect(article).toContain(`srcset="${served.url}${signed(1)} 640w, ${served.url}${signed(2)} 1280w"`);
    expect(article).toContain(`src="${served.url}${signed(2)}"`);
    expect(article).toContain(
      '<a href="https://drive.google.com/file/d/f1/view" data-more="pages" data-from="31" data-to="120">Pages 31 to 120 are in the drive</a>',
    );
  }
});
