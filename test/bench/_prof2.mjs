import { launch } from './setup.mjs';
import { serveVisitorPages } from './visitor.mjs';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map');
const dir = process.argv[2]; const p = process.argv[3]; const RUNS = Number(process.env.R ?? 5);
const FAKE_SDK = readFileSync(new URL('../helpers/fakeWixSdk.js', import.meta.url), 'utf8');
const { server, url } = await serveVisitorPages(dir);
const b = await launch();
const maps = new Map();
function orig(frame) {
  const file = frame.url.split('/').pop();
  if (!file.endsWith('.js') || !existsSync(`${dir}/${file}.map`)) return `${frame.functionName || '(anon)'} [${file || frame.url}]`;
  if (!maps.has(file)) maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(`${dir}/${file}.map`, 'utf8'))));
  const pos = maps.get(file).originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return `${pos.name || frame.functionName || '(anon)'} ${String(pos.source).replace(/^webpack:\/\/[^/]*\//, '')}:${pos.line}`;
}
const agg = {};
for (let i = 0; i < RUNS; i++) {
  const page = await b.context.newPage(); const cdp = await b.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.route('https://static.parastorage.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK }));
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
  await page.goto(`${url}/${p}`, { waitUntil: 'load' }); await page.waitForTimeout(300);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; const counts = new Map();
  profile.samples.forEach((id, k) => counts.set(id, (counts.get(id) ?? 0) + (dt[k] ?? 0)));
  const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [id, us] of counts) { const seen = new Set(); for (let x = id; x !== undefined; x = parent.get(x)) { const key = orig(byId.get(x).callFrame); if (seen.has(key)) continue; seen.add(key); agg[key] = (agg[key] ?? 0) + us / 1000 / RUNS; } }
  await page.close();
}
console.log(Object.entries(agg).filter(([k]) => !/^\((idle|program)\)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${v.toFixed(1).padStart(6)} ${k}`).join('\n'));
console.log('program', agg['(program) []']?.toFixed(1), 'idle', agg['(idle) []']?.toFixed(1));
await b.close(); server.close();
