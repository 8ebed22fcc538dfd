/**
 * The pages: the widget page rendered on the server with its settings embedded, revalidated by an
 * ETag that follows the revision; the settings page and assets with their caching and policies.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../src/db/database';
import { loadBuiltPages, type BuiltPages } from '../src/pages/builtPages';
import { ownerInstance, visitorInstance } from './support/instances';
import { apiUrl, save, type Who } from './support/requests';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(30_000);

let db: Database;
let dir: string;
let pages: BuiltPages;
let t: TestApp;
const WIDGET_JS = 'console.log("widget");'.repeat(50);

const panel = (instance = ownerInstance()): Who => ({ instance, compId: 'tpaSettings', origCompId: 'comp-1' });
const widgetPage = (instance: string, viewMode = 'site', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ instance, compId: 'comp-1', viewMode, locale: 'en' })}`, headers });
const shared = {
  activeFileId: 'doc-1',
  activeFilePerm: 'reader',
  activeFileTitle: 'Menu </script><script>alert(1)</script>',
  activeFileMimeType: 'application/vnd.google-apps.document',
  cornerRadiusTopLeft: 12,
};

beforeAll(async () => {
  db = await openTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-pages-'));
  // As html-webpack-plugin writes them, minified.
  writeFileSync(
    path.join(dir, 'widget.html'),
    '<!doctype html><html lang=en><head><script defer src=widget.0123abcd.js></script></head><body><div id=root></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'widget-site.html'),
    '<!doctype html><html lang=en><head><script type=module src=visitor.4567cdef.js></script></head><body><div id=root></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'settings.html'),
    '<!doctype html><html lang=en><head><script defer src=settings.89abcdef.js></script></head><body><div id=root></div></body></html>',
  );
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>stage</title>');
  writeFileSync(path.join(dir, 'current.html'), '<!doctype html><title>current stage</title>');
  writeFileSync(path.join(dir, 'widget.0123abcd.js'), WIDGET_JS);
  writeFileSync(path.join(dir, 'notes.txt'), 'plain');
  pages = loadBuiltPages(dir)!;
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(db);
  t = await startTestApp({ db, pages });
});
afterEach(async () => t.app.close());

test('the widget page holds the file iframe and the embedded settings in its first HTML', async () => {
  await save(t.app, panel(), shared, 0);
  const response = await widgetPage(visitorInstance());
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  const html = response.body;
  expect(html).toMatch(
    /<div id="root" style="position:absolute;inset:0"><main style="[^"]*border-top-left-radius:12px[^"]*"><iframe title="Menu &lt;\/script&gt;/,
  );
  expect(html).toContain('src="https://docs.google.com/document/d/doc-1/preview?hl=en"');
  const embedded = /<script type="application\/json" id="user-model">(.*?)<\/script>/.exec(html);
  expect(embedded).not.toBeNull();
  // The title's markup cannot close the script element.
  expect(embedded![1]).not.toContain('</');
  expect(JSON.parse(embedded![1]!)).toMatchObject({ ...shared, revision: 1 });
  expect(html.match(/<script/g)).toHaveLength(2);
});

test("the site view's page loads the visitor's script (no React); the owner's views the widget's; the same markup", async () => {
  await save(t.app, panel(), shared, 0);
  const pageIn = async (viewMode: string) => (await widgetPage(ownerInstance(), viewMode)).body;
  const [site, editor, preview] = [await pageIn('site'), await pageIn('editor'), await pageIn('preview')];
  const scripts = (html: string) => [...html.matchAll(/<script[^>]* src=([^ >]+)/g)].map((m) => m[1]);
  expect(scripts(site)).toEqual(['visitor.4567cdef.js']);
  expect(scripts(editor)).toEqual(['widget.0123abcd.js']);
  expect(scripts(preview)).toEqual(['widget.0123abcd.js']);
  const root = (html: string) => /<div id="root".*<\/div>/.exec(html)?.[0];
  expect(root(site)).toContain('<iframe title="Menu');
  expect(root(site)).toBe(root(editor)?.replace(/<p role="status"[^]*?<\/p>/, ''));
  // Each page is its own, revalidated by its own tag.
  const [siteTag, editorTag] = [(await widgetPage(ownerInstance(), 'site')).headers.etag, (await widgetPage(ownerInstance(), 'editor')).headers.etag];
  expect(siteTag).not.toBe(editorTag);
});

test("the widget page describes itself by its file's title, escaped; a private file's page to a visitor names nothing", async () => {
  await save(t.app, panel(), shared, 0);
  const html = (await widgetPage(visitorInstance())).body;
  expect(/<meta name="description" content="([^"]*)">/.exec(html)?.[1]).toBe('Menu &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html.indexOf('<meta name="description"')).toBeLessThan(html.indexOf('</head>'));
  await save(t.app, panel(), { activeFilePerm: 'none' }, 1);
  expect((await widgetPage(visitorInstance())).body).not.toMatch(/name="description"|Menu/);
});

test("the widget page draws palette colours as the owner's palette had them when the settings were saved", async () => {
  await save(t.app, panel(), { ...shared, backgroundColor: 'color_13', textColor: 'color_35', paletteColors: { color_13: '#ABCDEF', color_35: '#123456' } }, 0);
  const html = (await widgetPage(visitorInstance())).body;
  expect(html).toMatch(/<main style="[^"]*background:#ABCDEF;color:#123456/);
});

test("a visitor's page shows nothing of a private file; the owner's editor shows it with the notice", async () => {
  await save(t.app, panel(), { ...shared, activeFilePerm: 'none' }, 0);
  const visitor = (await widgetPage(visitorInstance())).body;
  expect(visitor).not.toContain('doc-1');
  expect(visitor).not.toContain('<iframe');
  const owner = (await widgetPage(ownerInstance(), 'editor')).body;
  expect(owner).toContain('<iframe');
  expect(owner).toContain('This file is private');
});

test('the ETag follows the revision: 304 while unchanged, a new page after a save', async () => {
  await save(t.app, panel(), shared, 0);
  const instance = visitorInstance();
  const first = await widgetPage(instance);
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^W\/"1-/);
  expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=10');
  expect(first.headers.vary).toBe('Accept-Encoding, Authorization');
  const owners = await widgetPage(ownerInstance(), 'editor');
  expect(owners.headers['cache-control']).toBe('private, no-cache');
  const again = await widgetPage(instance, 'site', { 'if-none-match': etag });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  await save(t.app, panel(), { ...shared, cornerRadiusTopLeft: 30 }, 1);
  const changed = await widgetPage(instance, 'site', { 'if-none-match': etag });
  expect(changed.statusCode).toBe(200);
  expect(changed.headers.etag).toMatch(/^W\/"2-/);
  expect(changed.body).toContain('border-top-left-radius:30px');
});

test('a widget whose settings were swept and saved anew at the same revision gets its new page and ETag', async () => {
  await save(t.app, panel(), shared, 0);
  const instance = visitorInstance();
  const first = await widgetPage(instance);
  expect(first.body).toContain('border-top-left-radius:12px');
  // As the sweeper removes a widget's row: its next save starts again at revision 1.
  await db.query('DELETE FROM widget_settings');
  await save(t.app, panel(), { ...shared, cornerRadiusTopLeft: 30 }, 0);
  const again = await widgetPage(instance, 'site', { 'if-none-match': String(first.headers.etag) });
  expect(again.statusCode).toBe(200);
  expect(again.headers.etag).toMatch(/^W\/"1-/);
  expect(again.headers.etag).not.toBe(first.headers.etag);
  expect(again.body).toContain('border-top-left-radius:30px');
});

describe('two instances of the server on one database', () => {
  let other: TestApp;
  beforeEach(async () => {
    other = await startTestApp({ db, pages });
  });
  afterEach(async () => other.app.close());
  const pageOn = (app: TestApp, instance: string, compId = 'comp-1') =>
    app.app.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ instance, compId, viewMode: 'site' })}` });

  test('a save on one is on the next page of the other at once, though the other had rendered the older revision', async () => {
    await save(t.app, panel(), shared, 0);
    const instance = visitorInstance();
    const before = await pageOn(other, instance);
    expect(before.body).toContain('border-top-left-radius:12px');
    expect((await pageOn(other, instance)).headers.etag).toBe(before.headers.etag);
    await save(t.app, panel(), { ...shared, cornerRadiusTopLeft: 30 }, 1);
    const after = await pageOn(other, instance);
    expect(after.body).toContain('border-top-left-radius:30px');
    expect(after.headers.etag).toMatch(/^W\/"2-/);
    expect((await pageOn(t, instance)).headers.etag).toBe(after.headers.etag);
  });

  test("a file made private leaves the visitor's page of the other at once; another widget's page is its own", async () => {
    await save(t.app, panel(), shared, 0);
    await save(t.app, { ...panel(), origCompId: 'comp-2' }, { ...shared, activeFileId: 'doc-2' }, 0);
    const instance = visitorInstance();
    expect((await pageOn(other, instance)).body).toContain('doc-1');
    const second = await pageOn(other, instance, 'comp-2');
    expect(second.body).toContain('doc-2');
    expect(second.body).not.toContain('doc-1');
    await save(t.app, panel(), { ...shared, activeFilePerm: 'none' }, 1);
    const now = await pageOn(other, instance);
    expect(now.body).not.toContain('doc-1');
    expect(now.body).not.toContain('<iframe');
  });
});

test("the widget page's policy allows only the drive's frames and the platform's hosts around it", async () => {
  const response = await widgetPage(visitorInstance());
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self' https://static.parastorage.com;");
  expect(csp).toContain('frame-src https://drive.google.com https://docs.google.com');
  expect(csp).toContain('frame-ancestors https://*.wix.com https://*.wixsite.com https://*.editorx.com');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
});

test('the frame ancestors are configurable', async () => {
  await t.app.close();
  t = await startTestApp({ db, pages, config: { frameAncestors: ['https://editor.example'] } });
  const csp = String((await widgetPage(visitorInstance())).headers['content-security-policy']);
  expect(csp).toMatch(/frame-ancestors https:\/\/editor\.example$/);
});

test('the widget page needs a valid instance', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/widget.html?compId=comp-1' });
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error: 'missing_instance' });
});

test('the settings page is revalidated by its ETag and may not frame anything', async () => {
  const response = await t.app.inject({ method: 'GET', url: apiUrl('/settings.html', panel()) });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('settings.89abcdef.js');
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers['content-security-policy']).toContain("frame-src 'none'");
  const again = await t.app.inject({ method: 'GET', url: '/settings.html', headers: { 'if-none-match': String(response.headers.etag) } });
  expect(again.statusCode).toBe(304);
});

test('hashed assets are immutable for a year and sent gzip when asked; others are revalidated', async () => {
  const plain = await t.app.inject({ method: 'GET', url: '/widget.0123abcd.js' });
  expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(plain.body).toBe(WIDGET_JS);
  const gzip = await t.app.inject({ method: 'GET', url: '/widget.0123abcd.js', headers: { 'accept-encoding': 'gzip, br' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.rawPayload.length).toBeLessThan(WIDGET_JS.length / 5);
  expect((await t.app.inject({ method: 'GET', url: '/notes.txt' })).headers['cache-control']).toBe('no-cache');
  expect((await t.app.inject({ method: 'GET', url: '/../package.json' })).statusCode).toBe(404);
});

test('the stage is served at / (legacy editor) and /current.html (current editor) in development only', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/current.html' })).statusCode).toBe(404);
  await t.app.close();
  t = await startTestApp({ db, pages, config: { development: true } });
  const stage = await t.app.inject({ method: 'GET', url: '/' });
  expect(stage.statusCode).toBe(200);
  expect(stage.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  const current = await t.app.inject({ method: 'GET', url: '/current.html' });
  expect(current.body).toContain('current stage');
  expect(current.headers['content-security-policy']).toBe(stage.headers['content-security-policy']);
  expect(String((await widgetPage(visitorInstance())).headers['content-security-policy'])).toContain("frame-ancestors 'self' https://");
});

test('without built pages the page routes say how to build them', async () => {
  await t.app.close();
  t = await startTestApp({ db, pages: null });
  const response = await widgetPage(visitorInstance());
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ error: 'pages_not_built' });
});
