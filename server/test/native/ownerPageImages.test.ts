/**
 * The owner's own page of a private PDF, as the server sends it: its pages' images are signed in
 * `src` and in `srcset` (imageSignature.ts), and that exact output passes the contract's rule
 * (src/contract/nativeContentRules.ts), which the custom element's sanitizer applies again; every
 * signed candidate is served. The rule's hostile variants: src/contract/nativeContentRules.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keepsContentAttribute } from '#client/contract/nativeContentRules';
import { DRIVE_IDS, MIME } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import { loadBuiltPages } from '../../src/pages/builtPages';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { openNativeTest, startConnectedNativeApp, until } from '../support/nativeApp';
import { save, type Who } from '../support/requests';

jest.setTimeout(300_000);

let db: Database;
let renderer: Renderer;
let dir: string;
let t: DriveApp;
const panel: Who = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };
const PRIVATE_PDF = { activeFileId: DRIVE_IDS.annualPdf, activeFilePerm: 'none', activeFileTitle: 'Annual report 2025.pdf', activeFileMimeType: MIME.pdf };

const ownerPage = () =>
  t.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ instance: ownerInstance(), compId: 'comp-1', viewMode: 'editor', locale: 'en' })}` });
/** Each image's `src` and `srcset` in the page's content, as a browser reads them. */
function imagesOf(html: string): { src: string; srcset: string }[] {
  const attribute = (tag: string, name: string) => (new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] ?? '').replace(/&amp;/g, '&');
  return [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => ({ src: attribute(tag, 'src'), srcset: attribute(tag, 'srcset') }));
}

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-owner-pdf-'));
  writeFileSync(path.join(dir, 'widget.html'), '<!doctype html><html lang=en><head></head><body><div id=root></div></body></html>');
  t = await startConnectedNativeApp(db, renderer, panel, loadBuiltPages(dir)!);
  await save(t.app, panel, PRIVATE_PDF, 0);
  await until(async () => (await ownerPage()).body.includes('<figure class="dfw-page"'), 'the rendering');
}, 300_000);
afterAll(async () => {
  await t?.close();
  await renderer?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the owner's page of a private PDF signs every page image, and the contract's rule keeps what it signs", async () => {
  const images = imagesOf((await ownerPage()).body);
  expect(images.length).toBeGreaterThan(1);
  for (const { src, srcset } of images) {
    expect(src).toMatch(/^\/content\/images\/[\w-]+\?exp=\d+&sig=[\w-]{43}$/);
    const candidates = srcset.split(', ');
    expect(candidates).toHaveLength(3);
    expect([keepsContentAttribute('IMG', 'src', src), keepsContentAttribute('IMG', 'srcset', srcset)]).toEqual([true, true]);
    for (const candidate of candidates) {
      const [url, width] = candidate.split(' ');
      expect(width).toMatch(/^\d+w$/);
      expect(url).toMatch(/\?exp=\d+&sig=[\w-]{43}$/);
      expect((await t.inject({ method: 'GET', url: url! })).statusCode).toBe(200);
    }
  }
});
