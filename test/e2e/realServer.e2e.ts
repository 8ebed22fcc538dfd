/**
 * The stage's panel and widget against the real server (server/) instead of Mirage: production
 * pages with the stage, the server's settings routes on an embedded database, and a small drive
 * that this test plays (the server answers 501 on its own drive routes until a drive can be
 * connected). A file chosen in the panel is saved on the server, reaches the widget, and a reload
 * of the widget page has it in the server-rendered HTML, hydrated without errors.
 *
 * @e2e-builds stage
 */
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { AboutSchema, FileListSchema, PermissionListSchema } from '../../src/api/schemas';
import { buildApp } from '../../server/src/app';
import { apiQuery } from '../../server/src/api/routeSchemas';
import type { RoutesPlugin } from '../../server/src/http/typeProvider';
import { loadConfig } from '../../server/src/config';
import { migrate } from '../../server/src/db/migrate';
import { openPglite } from '../../server/src/db/pglite';
import { launchBrowser } from './browser';
import { filesTable, panelFrame, rowButton, widgetFrame } from './panelPage';
import { builtPages } from './sharedBuilds';

jest.setTimeout(240_000);

const DOC = {
  id: 'doc-welcome',
  title: 'Welcome to your drive',
  mimeType: 'application/vnd.google-apps.document',
  modifiedDate: '2025-01-10T10:00:00.000Z',
  owners: [{ displayName: 'Site Owner', isAuthenticatedUser: true }],
};
const PDF = {
  id: 'pdf-menu',
  title: 'Menu.pdf',
  mimeType: 'application/pdf',
  modifiedDate: '2025-01-11T10:00:00.000Z',
  owners: [{ displayName: 'Site Owner', isAuthenticatedUser: true }],
};

let out: string;
let app: FastifyInstance;
let base: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];

/** The drive of this test, for the owner: one folder listing, every file shared with anyone as reader. */
const testDrive: RoutesPlugin = async (server) => {
  const owner = { access: 'owner' } as const;
  const schema = (answer: v.GenericSchema) => ({
    querystring: apiQuery({ q: v.optional(v.string()), fileId: v.optional(v.string()) }),
    response: { 200: answer },
  });
  server.get('/api/about', { schema: schema(AboutSchema), config: owner }, async () => ({
    user: { displayName: 'Site Owner', emailAddress: 'owner@example.com' },
  }));
  server.get('/api/files', { schema: schema(FileListSchema), config: owner }, async () => ({ items: [DOC, PDF] }));
  server.get('/api/permissions', { schema: schema(PermissionListSchema), config: owner }, async () => ({
    items: [
      { role: 'owner', type: 'user' },
      { role: 'reader', type: 'anyone' },
    ],
  }));
};

beforeAll(async () => {
  // The production pages with the stage, built once per run (sharedBuilds.ts).
  out = await builtPages('stage');
  const db = await openPglite();
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'development', PAGES_DIR: out, LOG_LEVEL: 'warn' });
  app = await buildApp({ config, db, driveRoutes: testDrive });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test('a file chosen in the panel is saved on the server, reaches the widget, and comes back server-rendered', async () => {
  await page.goto(base + '/');
  const table = filesTable(page, 'My Drive');
  await rowButton(table, DOC.title).click();
  await panelFrame(page)
    .getByRole('group', { name: `Who can open “${DOC.title}”` })
    .waitFor();

  // Settings updated → the widget reloads its settings from the server.
  const embedded = widgetFrame(page).locator(`iframe[title="${DOC.title}"]`);
  await embedded.waitFor();
  expect(await embedded.getAttribute('src')).toBe('https://docs.google.com/document/d/doc-welcome/preview?hl=en');
  // The widget previews a change before it is saved: wait until the server has confirmed it.
  await panelFrame(page).getByText('All changes saved').waitFor();

  // The widget page as the server sends it: the file's iframe and the settings are in the HTML.
  const src = await page.locator('iframe[title="Widget"]').getAttribute('src');
  const html = await (await page.request.get(new URL(src!, base + '/').toString())).text();
  expect(html).toContain(`<iframe title="${DOC.title}" src="https://docs.google.com/document/d/doc-welcome/preview?hl=en"`);
  const model = JSON.parse(/<script type="application\/json" id="user-model">(.*?)<\/script>/.exec(html)![1]!) as { activeFileId: string; revision: number };
  expect(model.activeFileId).toBe(DOC.id);
  expect(model.revision).toBeGreaterThanOrEqual(1);

  // A reload: the widget frame comes server-rendered and is hydrated.
  await page.reload();
  await widgetFrame(page).locator(`iframe[title="${DOC.title}"]`).waitFor();
  await panelFrame(page).locator('tr[aria-current="true"]').getByText(DOC.title).waitFor();
  expect(problems).toEqual([]);
});

test('the server refused nothing the panel sent, and refuses a forged save', async () => {
  const src = await page.locator('iframe[title="Settings panel"]').getAttribute('src');
  const query = new URL(src!, base + '/').searchParams;
  const user = await (await page.request.get(`${base}/api/user?${query.toString()}`)).json();
  expect(user).toMatchObject({ activeFileId: DOC.id, activeFilePerm: 'reader' });

  query.set('instance', `${'A'.repeat(43)}.${query.get('instance')!.split('.')[1]}`);
  const forged = await page.request.post(`${base}/api/save?${query.toString()}`, {
    form: { user: JSON.stringify({ activeFileId: 'evil' }), revision: String(user.revision) },
  });
  expect(forged.status()).toBe(401);
  expect(await forged.json()).toMatchObject({ error: 'invalid_instance' });
});
