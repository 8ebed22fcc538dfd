/**
 * Every setting of the registry (src/contract/userModel.ts) reaches the server: a save holding a
 * sample of each (test/contract/settingSamples.ts) is accepted and stored, the owner reads every
 * one back, and a visitor's read and widget page carry each setting a visitor may see. A setting
 * added to the registry is checked here without any other change.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { samplesOf, SETTING_SAMPLES, VISITOR_SETTINGS } from '../../test/contract/settingSamples';
import type { Database } from '../src/db/database';
import { loadBuiltPages } from '../src/pages/builtPages';
import { ownerInstance, visitorInstance } from './support/instances';
import { readUser, save } from './support/requests';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(30_000);

let db: Database;
let dir: string;
let t: TestApp;
const panel = () => ({ instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' });
const widget = () => ({ instance: visitorInstance(), compId: 'comp-1' });
/** What a visitor receives: the samples of the settings it may see, and no other field. */
const visitorModel = samplesOf(VISITOR_SETTINGS);

beforeAll(async () => {
  db = await openTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-reach-'));
  writeFileSync(path.join(dir, 'widget.html'), '<!doctype html><html lang=en><head></head><body><div id=root></div></body></html>');
  writeFileSync(path.join(dir, 'settings.html'), '<!doctype html><html lang=en><head></head><body><div id=root></div></body></html>');
  t = await startTestApp({ db, pages: loadBuiltPages(dir)! });
});
afterAll(async () => {
  await t.app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => resetDatabase(db));

test('a save of every setting is stored; the owner reads each back, a visitor each a visitor may see', async () => {
  expect((await save(t.app, panel(), SETTING_SAMPLES, 0)).statusCode).toBe(200);
  expect((await readUser(t.app, panel())).json()).toEqual({ ...SETTING_SAMPLES, revision: 1 });
  expect((await readUser(t.app, widget())).json()).toEqual({ ...visitorModel, revision: 1 });
});

test("a visitor's widget page embeds every setting a visitor may see", async () => {
  await save(t.app, panel(), SETTING_SAMPLES, 0);
  const page = await t.app.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ ...widget(), viewMode: 'site', locale: 'en' })}` });
  const embedded = /<script type="application\/json" id="user-model">(.*?)<\/script>/.exec(page.body);
  expect(JSON.parse(embedded![1]!)).toEqual({ ...visitorModel, revision: 1 });
});
