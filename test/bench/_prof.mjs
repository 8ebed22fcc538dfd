import { launch } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { readFileSync } from 'node:fs';
const dir = process.argv[2]; const p = process.argv[3];
const FAKE_SDK = readFileSync(new URL('../helpers/fakeWixSdk.js', import.meta.url), 'utf8');
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
const agg = {};
for (let i = 0; i < 5; i++) {
  const page = await b.context.newPage(); const cdp = await b.context.newCDPSession(page);
  await page.route('https://static.parastorage.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start');
  await page.goto(`${url}/${p}`, { waitUntil: 'load' }); await page.waitForTimeout(300);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; const counts = new Map();
  profile.samples.forEach((id, k) => counts.set(id, (counts.get(id) ?? 0) + (dt[k] ?? 0)));
  for (const [id, us] of counts) { const n = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; agg[key] = (agg[key] ?? 0) + us / 1000 / 5; }
  await page.close();
}
console.log(Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1).padStart(6)} ${k}`).join('\n'));
await b.close(); server.close();
