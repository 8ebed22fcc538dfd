/**
 * The production build: both pages, each with its own entry and HTML page, and no Mirage code.
 * Built exactly as `npm run build` builds, into a temporary folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import webpack from 'webpack';

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
