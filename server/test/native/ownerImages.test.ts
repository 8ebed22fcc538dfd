/**
 * The owner's own view of a file visitors may not see (the widget page in the editor) keeps its
 * images: the page as sent to a verified owner names them with a short-lived signature, the image
 * route serves them for that signature alone and never to a shared cache, and nothing else (no
 * signature, a tampered one, another image's, an expired one, a visitor's page) gets them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRIVE_IDS } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import { SIGNED_IMAGE_LIFETIME_S, SIGNING_WINDOW_S } from '../../src/native/imageSignature';
import { loadBuiltPages } from '../../src/pages/builtPages';
import { startDriveApp, type DriveApp } from '../support/driveApp';
import { ownerInstance, visitorInstance } from '../support/instances';
import { connectOwner, openNativeTest, until, WELCOME_DOC } from '../support/nativeApp';
import { save, type Who } from '../support/requests';

jest.setTimeout(180_000);

let db: Database;
let dir: string;
let t: DriveApp;
/** The app's clock runs this far ahead of the machine's. */
let aheadMs = 0;
const now = () => Date.now() + aheadMs;

const FILE = DRIVE_IDS.welcomeDoc;
const PRIVATE_DOC = { ...WELCOME_DOC, activeFilePerm: 'none' };
const panel = (): Who => ({ instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' });
const SIGNED = /^\/content\/images\/([\w-]{43})\?exp=(\d+)&sig=([\w-]{43})$/;

function widgetPage(instance: string, viewMode: string, headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ instance, compId: 'comp-1', viewMode, locale: 'en' })}`, headers });
}
/** The owner's page in the editor, with an instance signed at the app's time. */
const ownerPage = (headers: Record<string, string> = {}) => widgetPage(ownerInstance({ signDate: new Date(now()).toISOString() }), 'editor', headers);
const articleOf = (html: string) => /<article id="dfw-native"[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? null;
/** The `src` of each image in the page's content, as a browser reads it. */
const imageSources = (html: string) => [...(articleOf(html) ?? '').matchAll(/<img [^>]*?src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const image = (url: string) => t.inject({ method: 'GET', url });
/** Moves the app's clock to just after the start of a signing window, `windows` windows on. */
function startOfWindow(windows = 1): void {
  const windowMs = SIGNING_WINDOW_S * 1000;
  aheadMs = (Math.floor(Date.now() / windowMs) + windows) * windowMs + 1000 - Date.now();
}

beforeAll(async () => {
  const native = await openNativeTest();
  db = native.db;
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-owner-images-'));
  writeFileSync(path.join(dir, 'widget.html'), '<!doctype html><html lang=en><head></head><body><div id=root></div></body></html>');
  // The app closes the renderer when it closes.
  t = await startDriveApp(db, undefined, { pages: loadBuiltPages(dir)!, renderer: native.renderer, now });
  await connectOwner(t, panel());
  t.fake.permissions.remove(FILE, 'anyoneWithLink');
  await save(t.app, panel(), PRIVATE_DOC, 0);
  await ownerPage();
  await until(async () => (await db.query('SELECT 1 FROM native_widget_content WHERE version IS NOT NULL AND NOT public')).length === 1, 'the rendering');
}, 180_000);
afterAll(async () => {
  await t.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  aheadMs = 0;
});

test("the owner's page of a private document shows its images: signed for that browser, never for a shared cache", async () => {
  const page = await ownerPage();
  expect(page.statusCode).toBe(200);
  expect(page.headers['cache-control']).toBe('private, no-cache');
  const sources = imageSources(page.body);
  expect(sources).toHaveLength(3);
  for (const source of sources) {
    expect(source).toMatch(SIGNED);
    const served = await image(source);
    expect([served.statusCode, served.headers['cache-control'], served.headers['content-type']]).toEqual([200, 'private, no-store', 'image/png']);
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  }
  // Nothing secret in the log: the requests are there, their signatures are not.
  const [, id, , sig] = SIGNED.exec(sources[0]!)!;
  expect(t.logs()).toContain(`/content/images/${id}?exp=`);
  expect(t.logs()).not.toContain(sig);
});

test("without its signature, with a tampered one, with another image's or an expired one, an image is a 404", async () => {
  // Late in a signing window: the paths sent now live the least.
  startOfWindow();
  aheadMs += (SIGNING_WINDOW_S - 5) * 1000;
  const sentAt = now();
  const [first, second] = imageSources((await ownerPage()).body);
  const [, id, exp, sig] = SIGNED.exec(first!)!;
  const [, otherId, otherExp, otherSig] = SIGNED.exec(second!)!;
  expect(otherId).not.toBe(id);
  const url = (query: string) => `/content/images/${id}${query}`;
  const tampered = `${sig!.slice(0, 10)}${sig![10] === 'A' ? 'B' : 'A'}${sig!.slice(11)}`;
  const refusals = [
    url(''),
    url(`?exp=${exp}&sig=${tampered}`),
    url(`?exp=${Number(exp) + 1}&sig=${sig}`),
    url(`?exp=${otherExp}&sig=${otherSig}`),
    url(`?exp=${exp}`),
    url(`?sig=${sig}`),
  ];
  for (const refused of refusals) expect([refused, (await image(refused)).statusCode]).toEqual([refused, 404]);
  // Served until its expiry, at least the lifetime less one window after the page was sent; then to no one.
  const expiresAt = Number(exp) * 1000;
  expect(expiresAt - sentAt).toBeGreaterThanOrEqual((SIGNED_IMAGE_LIFETIME_S - SIGNING_WINDOW_S) * 1000);
  expect(expiresAt - sentAt).toBeLessThanOrEqual(SIGNED_IMAGE_LIFETIME_S * 1000);
  aheadMs = expiresAt - 1000 - Date.now();
  expect((await image(first!)).statusCode).toBe(200);
  aheadMs = expiresAt - Date.now();
  expect((await image(first!)).statusCode).toBe(404);
  expect((await image(second!)).statusCode).toBe(404);
});

test("a visitor's page of the widget shows no content and no signed path, whatever its view mode", async () => {
  await ownerPage();
  for (const viewMode of ['site', 'editor']) {
    const page = await widgetPage(visitorInstance(), viewMode);
    expect(page.statusCode).toBe(200);
    expect(articleOf(page.body)).toBeNull();
    expect(page.body).not.toMatch(/sig=|\/content\/images\//);
  }
});

test("the owner's kept page is never handed out after its signing window: a new window is a new page, with paths good again", async () => {
  startOfWindow();
  const first = await ownerPage();
  const etag = String(first.headers.etag);
  expect((await ownerPage({ 'if-none-match': etag })).statusCode).toBe(304);
  const [old] = imageSources(first.body);

  aheadMs += SIGNING_WINDOW_S * 1000;
  const next = await ownerPage({ 'if-none-match': etag });
  expect(next.statusCode).toBe(200);
  expect(next.headers.etag).not.toBe(etag);
  const [fresh] = imageSources(next.body);
  expect(fresh).not.toBe(old);
  expect(SIGNED.exec(fresh!)?.[1]).toBe(SIGNED.exec(old!)?.[1]);

  // Past the first page's expiry: its paths are refused, the page made now has good ones.
  aheadMs += SIGNED_IMAGE_LIFETIME_S * 1000;
  expect((await image(old!)).statusCode).toBe(404);
  const later = imageSources((await ownerPage({ 'if-none-match': String(next.headers.etag) })).body);
  expect(later).toHaveLength(3);
  for (const source of later) expect((await image(source)).statusCode).toBe(200);
});
