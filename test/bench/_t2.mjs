import { launch } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { readFileSync } from 'node:fs';
const dir = process.argv[2]; const runs = Number(process.env.R ?? 7); const pages = process.argv.slice(3);
const FAKE_SDK = readFileSync(new URL('../helpers/fakeWixSdk.js', import.meta.url), 'utf8');
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
const NAMES = ['ParseHTML','EvaluateScript','v8.compile','v8.compileModule','UpdateLayoutTree','Layout','Paint','PrePaint','Commit','ParseAuthorStyleSheet','FunctionCall','EventDispatch','TimerFire','RunMicrotasks','HitTest','Layerize','RunTask'];
async function trace(u) {
  const page = await b.context.newPage(); const cdp = await b.context.newCDPSession(page);
  await page.route('https://static.parastorage.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'toplevel'] }, transferMode: 'ReportEvents' });
  await page.goto(u, { waitUntil: 'load' });
  await page.waitForTimeout(400);
  await cdp.send('Tracing.end'); await done; await page.close();
  const fcps = events.filter((e) => /firstContentfulPaint/i.test(e.name));
  const fcp = fcps[fcps.length - 1];
  if (!fcp) return { nofcp: 1 };
  const main = fcp.tid; const pid = fcp.pid;
  const sums = { total: 0 };
  for (const e of events) if (e.ph === 'X' && e.pid === pid && e.tid === main && e.tdur && e.ts < fcp.ts) { if (NAMES.includes(e.name)) sums[e.name] = (sums[e.name] ?? 0) + e.tdur / 1000; }
  sums.total = sums.RunTask ?? 0;
  return sums;
}
for (const p of pages) { const rs = []; for (let i=0;i<runs;i++) rs.push(await trace(`${url}/${p}`));
  const keys = [...new Set(rs.flatMap(Object.keys))]; const med = (a) => { a = a.sort((x,y)=>x-y); return +a[Math.floor(a.length/2)].toFixed(1); };
  console.log(p.padEnd(28), keys.map(k => `${k}=${med(rs.map(r => r[k] ?? 0))}`).join(' ')); }
await b.close(); server.close();
