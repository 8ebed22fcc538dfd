/**
 * The production build: both pages, each with its own entry and HTML page, no Mirage code, and
 * every language but English in a chunk of its own that the built page fetches when it is used.
 * Built exactly as `npm run build` builds, into a temporary folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import webpack from 'webpack';
import { launchBrowser } from './browser';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '../..');
let out: string;
let files: string[];

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'dfw-dist-'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const makeConfig = require(path.join(root, 'webpack.config.js')) as (env: object, argv: object) => webpack.Configuration;
  const config = makeConfig({ outDir: out }, { mode: 'production' });
  await new Promise<void>((resolve, reject) =>
    webpack({ ...config, context: root }, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    }),
  );
  files = readdirSync(out);
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

test('writes the settings page and the widget page, each with its own script', () => {
  expect(files).toEqual(expect.arrayContaining(['settings.html', 'widget.html']));
  const settingsHtml = readFileSync(path.join(out, 'settings.html'), 'utf8');
  const widgetHtml = readFileSync(path.join(out, 'widget.html'), 'utf8');
  expect(settingsHtml).toMatch(/<script[^>]+src="?settings\.[0-9a-f]{8}\.js/);
  expect(widgetHtml).toMatch(/<script[^>]+src="?widget\.[0-9a-f]{8}\.js/);
  expect(widgetHtml).not.toContain('settings.');
  // The stage and the mock's pages are development tools.
  expect(files).not.toContain('index.html');
  expect(files).not.toContain('mock-authenticate.html');
});

test('contains no Mirage code', () => {
  const shipped = files.filter((f) => /\.(js|html)$/.test(f));
  expect(shipped.length).toBeGreaterThanOrEqual(4);
  for (const file of shipped) {
    const text = readFileSync(path.join(out, file), 'utf8');
    expect({ file, mirage: /mirage/i.test(text), pretender: /pretender/i.test(text), mockBackend: text.includes('mock-backend') }).toEqual({
      file,
      mirage: false,
      pretender: false,
      mockBackend: false,
    });
  }
});

test('each language but English is a chunk of its own, outside the pages’ scripts', () => {
  const pageScripts = (html: string) =>
    [...readFileSync(path.join(out, html), 'utf8').matchAll(/src="?([^" >]+\.js)/g)].map((m) => readFileSync(path.join(out, m[1]!), 'utf8')).join('\n');
  const chunks = files.filter((f) => /^(panel|widget)-[a-z]{2}\.[0-9a-f]{8}\.chunk\.js$/.test(f));
  expect(chunks).toHaveLength(20);
  const panelGerman = readFileSync(
    path.join(
      out,
      chunks.find((f) => f.startsWith('panel-de.'))!,
    ),
    'utf8',
  );
  expect(panelGerman).toContain('Dateien in {folder}');
  expect(pageScripts('settings.html')).toContain('Files in {folder}');
  expect(pageScripts('settings.html')).not.toContain('Dateien in {folder}');
  expect(pageScripts('widget.html')).not.toContain('Wird geladen');
  expect(pageScripts('widget.html')).not.toContain('Files in {folder}');
});

test('in Chromium, the built pages fetch their language’s chunk from beside themselves', async () => {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const file = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    requested.push(file);
    let body: Buffer;
    try {
      body = readFileSync(path.join(out, file));
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    // No backend here: the widget says, in Japanese, that the file could not be loaded.
    await page.goto(`http://localhost:${port}/widget.html?compId=comp-1&viewMode=editor&locale=ja`);
    await page.getByRole('alert').getByText('ファイルを読み込めませんでした。接続が回復すると、再び表示されます。').waitFor({ timeout: 15_000 });
    await page.goto(`http://localhost:${port}/settings.html?compId=tpaSettings&origCompId=comp-1&viewMode=editor&locale=de`);
    await page.getByRole('heading', { name: 'Drive-Konto' }).waitFor({ timeout: 15_000 });
    expect(
      requested
        .filter((f) => f.endsWith('.chunk.js'))
        .map((f) => f.split('.')[0])
        .sort(),
    ).toEqual(['panel-de', 'widget-ja']);
  } finally {
    await browser.close();
    server.close();
  }
});
