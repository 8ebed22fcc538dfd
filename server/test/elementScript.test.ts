/**
 * The custom element's script: a stable URL for the platform's registration, sent on to the
 * content-hashed build (immutable for a year), loadable as a module from the site's origin.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../src/db/database';
import { loadBuiltPages } from '../src/pages/builtPages';
import { ELEMENT_SCRIPT_PATH } from '../src/pages/elementScript';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(30_000);

let db: Database;
let dir: string;
let t: TestApp;
const ELEMENT_JS = 'customElements.define("drive-file-widget", class extends HTMLElement {});';

beforeAll(async () => {
  db = await openTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-element-'));
  writeFileSync(path.join(dir, 'widget.html'), '<!doctype html><html><body><div id=root></div></body></html>');
  writeFileSync(path.join(dir, 'element.0badc0de.js'), ELEMENT_JS);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => resetDatabase(db));
afterEach(async () => t.app.close());

test('the stable URL sends the browser on to the hashed script, cached for five minutes', async () => {
  t = await startTestApp({ db, pages: loadBuiltPages(dir)! });
  const answer = await t.app.inject({ method: 'GET', url: ELEMENT_SCRIPT_PATH });
  expect(answer.statusCode).toBe(302);
  expect(answer.headers.location).toBe('./element.0badc0de.js');
  expect(answer.headers['cache-control']).toBe('public, max-age=300');
  const script = await t.app.inject({ method: 'GET', url: '/element.0badc0de.js', headers: { origin: 'https://site.example' } });
  expect(script.statusCode).toBe(200);
  expect(script.body).toBe(ELEMENT_JS);
  expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers['access-control-allow-origin']).toBe('*');
  expect(script.headers['content-type']).toMatch(/^text\/javascript/);
});

test('without a built element, the stable URL says so with a 503, never a 500', async () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'dfw-element-none-'));
  writeFileSync(path.join(empty, 'widget.html'), '<!doctype html><html><body><div id=root></div></body></html>');
  t = await startTestApp({ db, pages: loadBuiltPages(empty)! });
  const answer = await t.app.inject({ method: 'GET', url: ELEMENT_SCRIPT_PATH });
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toMatchObject({ error: 'pages_not_built' });
  rmSync(empty, { recursive: true, force: true });
});
