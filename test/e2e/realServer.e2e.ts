/**
 * The stage's panel and widget against the real server (server/) instead of Mirage: production
 * pages with the stage, the server's settings routes on an embedded database, and a small drive
 * that this test plays (the server answers 501 on its own drive routes until a drive can be
 * connected). A file chosen in the panel is saved on the server, reaches the widget, and a reload
 * of the widget page has it in the server-rendered HTML, taken over without errors.
 *
 * @e2e-builds stage
 */
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import * as v from 'valibot';
import { AboutSchema, FileListSchema, PermissionListSchema } from '../../src/api/schemas';
import { buildApp } from '../../server/src/app';
import { apiQuery, noBody, noContent } from '../../server/src/api/routeSchemas';
import type { RoutesPlugin } from '../../server/src/http/typeProvider';
import { loadConfig } from '../../server/src/config';
import { migrate } from '../../server/src/db/migrate';
import { openPglite } from '../../server/src/db/pglite';
import { launchBrowser } from './browser';
import { filesTable, panelFrame, poll, rowButton, widgetFrame } from './panelPage';
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
  server.post(
    '/api/disconnect',
    { schema: { querystring: apiQuery({}), body: noBody, response: { 204: noContent } }, config: owner },
    async (_request, reply) => reply.code(204).send(),
  );
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

  // A reload: the widget frame comes server-rendered and is taken over.
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

test('a save the server refuses (400) is said with its reason, naming the setting, and kept; Retry saves it once it can be stored', async () => {
  // A panel whose model this server cannot store (say, a newer panel): its border width becomes 99 px on the way.
  await page.route('**/api/save?*', async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    form.set('user', JSON.stringify({ ...JSON.parse(form.get('user') ?? '{}'), borderWidth: 99 }));
    await route.continue({ postData: form.toString() });
  });
  const refused = page.waitForResponse((r) => r.url().includes('/api/save') && r.status() === 400);
  await rowButton(filesTable(page, 'My Drive'), PDF.title).click();
  expect(await (await refused).json()).toMatchObject({ error: 'invalid_user', field: 'borderWidth' });
  const alert = panelFrame(page).getByRole('alert').filter({ hasText: 'Not saved yet' });
  await alert.getByText('The server refused the value of “Border width”.', { exact: false }).waitFor();
  await alert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/save-refused.png' });
  await page.unroute('**/api/save?*');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await panelFrame(page).getByText('All changes saved').waitFor();
});

test('a Disconnect the server refuses (401) says so and why, and the account stays shown as connected', async () => {
  // The editor's session is no longer valid: the server refuses the disconnect itself.
  await page.route('**/api/disconnect?*', async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('instance', `${'A'.repeat(43)}.${url.searchParams.get('instance')!.split('.')[1]}`);
    await route.continue({ url: url.toString() });
  });
  const refused = page.waitForResponse((r) => r.url().includes('/api/disconnect') && r.status() === 401);
  const rechecked = page.waitForResponse((r) => r.url().includes('/api/about') && r.status() === 200);
  await panelFrame(page).getByRole('button', { name: 'Disconnect' }).click();
  await refused;
  await panelFrame(page).getByRole('alert').getByText('Could not disconnect the account. This editor session is no longer valid; reload the editor.').waitFor();
  // After the automatic re-check of the account, the error is still said and the account still shown.
  await rechecked;
  await panelFrame(page).getByRole('button', { name: 'Disconnect' }).waitFor();
  expect(await panelFrame(page).getByText('Site Owner').count()).toBe(1);
  expect(await panelFrame(page).getByRole('alert').filter({ hasText: 'Could not disconnect' }).count()).toBe(1);
  await page.screenshot({ path: 'test-results/disconnect-refused.png' });
  await page.unroute('**/api/disconnect?*');
});

test('deleting the component, its frame removed the moment the delete is sent: the settings are gone from the server', async () => {
  const src = await page.locator('iframe[title="Settings panel"]').getAttribute('src');
  const query = new URL(src!, base + '/').searchParams;
  const stored = async () =>
    (await (await page.request.get(`${base}/api/user?${query.toString()}`)).json()) as { activeFileId: string | null; revision: number };
  const before = await stored();
  expect(before.activeFileId).not.toBeNull();
  // The frame goes before the request leaves the browser: only a request that outlives its frame (keepalive) arrives.
  await page.route('**/api/settings?*', async (route) => {
    await page.evaluate(() => document.querySelector('iframe[title="Widget"]')?.remove());
    await route.continue();
  });
  await page.getByRole('button', { name: 'Delete component' }).click();
  const after = await poll(stored, (s) => s.revision > before.revision);
  expect(after).toMatchObject({ activeFileId: null, revision: before.revision + 1 });
  await page.unroute('**/api/settings?*');
});
