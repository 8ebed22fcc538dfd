import { launch } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { readFileSync } from 'node:fs';
const dir = process.argv[2]; const pages = process.argv.slice(3);
const FAKE_SDK = readFileSync(new URL('../helpers/fakeWixSdk.js', import.meta.url), 'utf8');
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
async function trace(u) {
  const page = await b.context.newPage(); const cdp = await b.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.route('https://static.parastorage.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] }, transferMode: 'ReportEvents' });
  await page.goto(u, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  await cdp.send('Tracing.end'); await done; await page.close();
  const fcp = events.find((e) => e.name === "firstContentfulPaint"); const layouts = events.filter((e) => e.name === "Layout" && fcp && e.ts < fcp.ts).length;
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToLargestContentfulPaint') ;
  const sums = {};
  for (const e of events) if (e.ph === 'X' && e.tdur && fcp && e.ts < fcp.ts && ['ParseHTML','EvaluateScript','v8.compile','v8.compileModule','UpdateLayoutTree','Layout','Paint','PrePaint','Commit','ParseAuthorStyleSheet','FunctionCall','EventDispatch','TimerFire','RunMicrotasks','HitTest','Layerize'].includes(e.name)) sums[e.name] = (sums[e.name] ?? 0) + e.tdur / 1000;
  return { layouts, fcpFromFirst: fcp ? ((fcp.ts - Math.min(...events.filter(e=>e.ts>0).map(e=>e.ts)))/1000).toFixed(0) : null, ...Object.fromEntries(Object.entries(sums).map(([k,v])=>[k,+v.toFixed(1)])) };
}
for (const p of pages) { const rs = []; for (let i=0;i<5;i++) rs.push(await trace(`${url}/${p}`)); console.log(p, JSON.stringify(rs.map(r=>Object.fromEntries(Object.entries(r).filter(([k])=>k!=='fcpFromFirst'))).reduce((a, r) => { for (const [k,v] of Object.entries(r)) (a[k] ??= []).push(v); return a; }, {}), (k,v)=>Array.isArray(v)? v.sort((x,y)=>x-y)[2] : v)); }
await b.close(); server.close();
