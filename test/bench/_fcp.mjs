import { launch, median } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { readFileSync } from 'node:fs';
const dir = process.argv[2]; const pages = process.argv.slice(3);
const FAKE_SDK = readFileSync(new URL('../helpers/fakeWixSdk.js', import.meta.url), 'utf8');
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
async function fcp(u, t) {
  const page = await b.context.newPage(); const cdp = await b.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: t });
  await page.route('https://static.parastorage.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  await page.goto(u);
  const v = await page.evaluate(() => new Promise((res) => new PerformanceObserver((l) => { const e = l.getEntries().find((x) => x.name === 'first-contentful-paint'); if (e) res(e.startTime); }).observe({ type: 'paint', buffered: true })));
  await page.close(); return v;
}
for (const t of [4]) { const times = Object.fromEntries(pages.map((p) => [p, []]));
  for (let i = 0; i < 12; i++) for (const p of pages) times[p].push(await fcp(`${url}/${p}`, t));
  console.log(t, Object.fromEntries(pages.map((p) => [p, median(times[p])]))); }
await b.close(); server.close();
