import { launch } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { readFileSync } from 'node:fs';
const dir = process.argv[2]; const p = process.argv[3];
const FAKE_SDK = readFileSync(new URL('../helpers/fakeWixSdk.js', import.meta.url), 'utf8');
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
const page = await b.context.newPage(); const cdp = await b.context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.T ?? 4) });
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', 'v8.execute', 'blink.user_timing'] }, transferMode: 'ReportEvents' });
await page.goto(`${url}/${p}`, { waitUntil: 'load' }); await page.waitForTimeout(800);
const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
await cdp.send('Tracing.end'); await done;
const nav = events.filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes(p)).pop();
console.log('fcpMs', fcpMs);
const parse = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').includes(p));
const t0 = nav.ts; const fcp = { ts: t0 + fcpMs * 1000, pid: parse.pid, tid: parse.tid }; const rel = (ts) => ((ts - t0) / 1000).toFixed(0);
console.log('FCP', rel(fcp.ts), 'pid', fcp.pid, 'tid', fcp.tid);
const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.ts >= t0 && e.ts <= fcp.ts + 2000);
const tops = main.filter((e) => e.name === 'RunTask' && e.dur > 3000);
for (const t of tops) {
  const kids = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 1500 && e.name !== 'RunTask');
  console.log(`${rel(t.ts).padStart(5)} +${(t.dur / 1000).toFixed(0).padStart(4)}ms`, kids.slice(0, 8).map((k) => `${k.name}${k.args?.data?.url ? '(' + k.args.data.url.split('/').pop().slice(0, 20) + ')' : ''}${k.args?.data?.functionName ? '(' + k.args.data.functionName + ')' : ''}:${(k.dur / 1000).toFixed(0)}`).join(' '));
}
for (const e of events.filter((e) => e.name === 'ResourceSendRequest' || e.name === 'ResourceFinish')) if (e.ts <= fcp.ts) console.log(rel(e.ts), e.name, (e.args?.data?.url ?? e.args?.data?.requestId ?? '').toString().split('/').pop().slice(0, 40));
await page.close(); await b.close(); server.close();
