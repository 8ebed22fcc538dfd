/**
 * @jest-environment node
 *
 * The stage's image route for Mirage's pages (pageImages.js), over HTTP as the browser asks it:
 * each page Mirage names is drawn by poppler at the size Mirage's HTML gives it, once, and again
 * when the fixture is newer; nothing outside the fixtures' pages and widths is answered; without
 * poppler it says why. The fixtures' page counts and sizes (mirage/pageFixtures.json) are poppler's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import manifest from '../mirage/pageFixtures.json';
import { fixturePages, type PageFixture } from '../mirage/nativePages';

type Middleware = (request: IncomingMessage, response: ServerResponse) => void;
const { pageImages, popplerMissing } = require('./pageImages.js') as {
  pageImages(options?: { cacheDir?: string; tool?: string }): Middleware;
  popplerMissing(tool?: string): string;
};

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '..');
let cacheDir: string;
let server: Server;
let base: string;

/** A server with the route mounted at /content/images, as the dev server mounts it. */
async function serve(options: { tool?: string } = {}): Promise<void> {
  const route = pageImages({ cacheDir, ...options });
  server = createServer((request, response) => {
    const prefix = '/content/images';
    if (!request.url?.startsWith(prefix + '/')) return void response.writeHead(404).end();
    request.url = request.url.slice(prefix.length);
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(() => {
  cacheDir = mkdtempSync(path.join(os.tmpdir(), 'dfw-stage-pages-'));
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(cacheDir, { recursive: true, force: true });
});

/** A PNG's size from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const imagePath = (src: string) => base + src;

it("draws each page Mirage names, at the size Mirage's HTML gives it, and keeps it", async () => {
  await serve();
  for (const fixture of ['deck-20', 'hundred-pages'] as PageFixture[]) {
    const pages = fixturePages(fixture);
    const last = pages[pages.length - 1]!;
    for (const image of last.images) {
      const answer = await fetch(imagePath(image.path));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      const size = pngSize(Buffer.from(await answer.arrayBuffer()));
      expect(size.width).toBe(image.width);
      // The HTML's width and height (at the widest width) are the drawn page's.
      if (image.width === last.width) expect(size.height).toBe(last.height);
      else expect(Math.abs(size.height - (last.height * image.width) / last.width)).toBeLessThanOrEqual(1);
    }
  }
  const kept = path.join(cacheDir, 'stage-deck-20-20-640.png');
  const drawnAt = statSync(kept).mtimeMs;
  expect((await fetch(`${base}/content/images/stage-deck-20-20-640`)).status).toBe(200);
  expect(statSync(kept).mtimeMs).toBe(drawnAt);
});

it('draws a page again once the fixture is newer than its image', async () => {
  await serve();
  const url = `${base}/content/images/stage-price-list-2-640`;
  expect((await fetch(url)).status).toBe(200);
  const kept = path.join(cacheDir, 'stage-price-list-2-640.png');
  utimesSync(kept, new Date(0), new Date(0));
  expect((await fetch(url)).status).toBe(200);
  expect(statSync(kept).mtimeMs).toBeGreaterThan(statSync(path.join(ROOT, manifest.fixtures['price-list'].pdf)).mtimeMs - 1);
});

it("answers nothing outside the fixtures' pages and widths", async () => {
  await serve();
  for (const id of [
    'stage-deck-20-21-640',
    'stage-deck-20-0-640',
    'stage-deck-20-1-1920',
    'stage-secrets-1-640',
    'stage-..%2F..%2Fpackage.json-1-640',
    'stage-constructor-1-640',
    '..%2F..%2Fpackage.json',
  ]) {
    const answer = await fetch(`${base}/content/images/${id}`);
    expect([id, answer.status]).toEqual([id, 404]);
  }
  expect((await fetch(`${base}/content/images/stage-deck-20-1-640`, { method: 'POST' })).status).toBe(404);
});

it('says why without poppler: the build tells Mirage, the route answers 503 with the reason', async () => {
  expect(popplerMissing()).toBe('');
  const missing = popplerMissing('no-such-pdftoppm');
  expect(missing).toBe("poppler's no-such-pdftoppm is not installed (Debian's poppler-utils: apt-get install poppler-utils)");
  await serve({ tool: 'no-such-pdftoppm' });
  const answer = await fetch(`${base}/content/images/stage-deck-20-1-640`);
  expect(answer.status).toBe(503);
  expect(await answer.text()).toBe(missing);
});

it("holds each fixture's page count and page size as poppler reads them", () => {
  for (const [name, fixture] of Object.entries(manifest.fixtures)) {
    const info = execFileSync('pdfinfo', [path.join(ROOT, fixture.pdf)], { encoding: 'utf8' });
    expect([name, Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])]).toEqual([name, fixture.pages]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    expect([name, Number(size?.[1]), Number(size?.[2])]).toEqual([name, ...fixture.pagePt]);
  }
});
