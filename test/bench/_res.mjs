import { launch } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { readFileSync } from 'node:fs';
const dir = process.argv[2]; const pages = process.argv.slice(3); const T = Number(process.env.T ?? 4);
const FAKE_SDK = readFileSync(new URL('../helpers/fakeWixSdk.js', import.meta.url), 'utf8');
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
for (const p of pages) for (let i = 0; i < 3; i++) {
  const page = await b.context.newPage(); const cdp = await b.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: T });
  await page.route('https://static.parastorage.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  await page.goto(`${url}/${p}`, { waitUntil: 'load' }); await page.waitForTimeout(500);
  const r = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    const out = [`nav resp ${n.responseStart.toFixed(0)}-${n.responseEnd.toFixed(0)} dom ${n.domInteractive.toFixed(0)} dcl ${n.domContentLoadedEventEnd.toFixed(0)}`];
    for (const e of performance.getEntriesByType('resource')) out.push(`${e.name.split('/').pop().slice(0, 30)} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`);
    for (const e of performance.getEntriesByType('paint')) out.push(`${e.name} ${e.startTime.toFixed(0)}`);
    return out.join(' | ');
  });
  console.log(p, r); await page.close();
}
await b.close(); server.close();
