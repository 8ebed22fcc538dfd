import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import { launch } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { writeFileSync } from 'node:fs';
const dir = process.argv[2]; const pages = process.argv.slice(3);
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
for (const w of [320, 1280]) for (const p of pages) {
  const page = await b.context.newPage(); await page.setViewportSize({ width: w, height: 900 });
  await page.route('https://static.parastorage.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.goto(`${url}/${p}`, { waitUntil: 'networkidle' }); await page.waitForTimeout(300);
  const h = await page.evaluate(() => { const m = document.querySelector('main') ?? document.querySelector('drive-file-widget'); return Math.round(m.getBoundingClientRect().height); });
  const buf = await page.screenshot({ fullPage: true }); writeFileSync(`/tmp/shot-${w}-${p}.png`, buf);
  console.log(w, p, 'main height', h, 'bytes', buf.length, require('crypto').createHash('md5').update(buf).digest('hex'));
  await page.close();
}
await b.close(); server.close();
