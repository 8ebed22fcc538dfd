/**
 * The render worker keeps one jsdom window and one DOMPurify for all its renders
 * (renderWindow.ts, sanitize.ts): nothing of one render may reach the next. A document renders the
 * same after any other render as in a fresh worker, and the shared window's own document stays
 * empty whatever an export holds (a title, a base URL, a refresh, styles, scripts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DRIVE_IDS, driveId } from '../../../mirage/driveIds';
import { exportOf } from '../../dev/fakeDrive/exports';
import type { StoredImage } from '#client/drive/convertExport';
import type { Renderer } from '../../src/render/renderPool';
import { testRenderer } from '../support/renderer';

const IMAGE_BASE = 'https://lh7-us.googleusercontent.com/test';
const reference = exportOf(DRIVE_IDS.welcomeDoc, IMAGE_BASE);
/** A document of our own: footnotes and non-Latin text. */
const footnotes = exportOf(driveId('file/cyrillic'), IMAGE_BASE);
const hostile = `<html><head><title>Leak</title><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/">
<style>.c1{font-weight:700} body{background:url(https://evil.example/x.png)}</style><script>globalThis.leaked = 1</script></head>
<body><ol class="lst-kix_a-0 start" start="7"><li>seventh</li></ol><p id="h.shared" class="c1"><span class="c1">bold</span></p></body></html>`;

function imagesOf(source: string): Map<string, StoredImage> {
  const sources = [...source.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  return new Map(sources.map((src, i) => [src, { src: `/content/images/kept-image-0000000${i}`, width: 40, height: 30 }]));
}

/** Three workers: one renders in turn, two are fresh for each comparison (a busy machine starts a worker slowly). */
let renderers: Renderer[] = [];
beforeAll(async () => {
  renderers = [0, 1, 2].map(() => testRenderer({ timeoutMs: 120_000 }));
  await Promise.all(renderers.map((r) => r.render('text', 'warm up')));
}, 150_000);
afterAll(async () => Promise.all(renderers.map((r) => r.close())));

test('a document renders the same after other renders as in a fresh worker', async () => {
  const [used, fresh, another] = renderers as [Renderer, Renderer, Renderer];
  const first = await used.render('document', reference, imagesOf(reference));
  const hostileHtml = await used.render('document', hostile);
  const footnotesAfter = await used.render('document', footnotes, imagesOf(footnotes));
  expect(await used.render('document', reference, imagesOf(reference))).toBe(first);
  expect(await fresh.render('document', footnotes, imagesOf(footnotes))).toBe(footnotesAfter);
  expect(await another.render('document', reference, imagesOf(reference))).toBe(first);
  // What the hostile export held stays out of the next document, and out of its own result.
  expect(footnotesAfter).not.toMatch(/start="7"|h\.shared|seventh|evil/);
  expect(hostileHtml).not.toMatch(/Leak|evil\.example|<script|<style|<meta|<base/);
  expect(hostileHtml).toContain('<strong>bold</strong>');
  expect(footnotesAfter).toContain('Отчёт о продажах');
}, 150_000);

test("the worker's one window is kept, and its own document stays empty whatever an export holds", () => {
  const root = path.resolve(__dirname, '../../..');
  const output = execFileSync(process.execPath, ['-r', './server/test/support/register-ts.js', 'server/test/render/sharedWindowProbe.ts', hostile], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(JSON.parse(output)).toEqual({
    sameWindow: true,
    title: '',
    head: '',
    body: '',
    baseURI: 'about:blank',
    styleSheets: 0,
    leaked: [null, null],
  });
}, 60_000);
