// A/B in one run: the widget page on the old and the new server, and the hello-world route, in alternating rounds.
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { spawnServer } from './server/test/support/spawnServer.cjs';
const SECRET = 'bench-fleet-secret';
const [databaseUrl, rounds = '4'] = process.argv.slice(2);
const inst = (permissions) => { const p = Buffer.from(JSON.stringify({ instanceId: 'ab-site', signDate: new Date().toISOString(), permissions, uid: 'u', siteOwnerId: 'u' })).toString('base64url'); return `${createHmac('sha256', SECRET).update(p).digest('base64url')}.${p}`; };
const q = (i, c) => new URLSearchParams({ instance: i, compId: c, origCompId: '', viewMode: 'site' }).toString();
const env = { NODE_ENV: 'production', APP_SECRET: SECRET, HOST: '127.0.0.1', PORT: '0', PAGES_DIR: '/work/wt-ops/dist', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', WRITE_RATE_LIMIT: '100000000' };
const start = async (cwd, args) => { const s = spawnServer({ args, env, cwd, stderr: 'inherit' }); return { s, url: await s.listening() }; };
const HELLO = `const app = require('fastify')(); app.get('/hello', async () => ({ hello: 'world' })); app.listen({ host: '127.0.0.1', port: 0 }).then((a) => console.log('server at ' + a));`;
const old = await start('/tmp/ops-old', ['server/dist/server/src/main.js']);
const neu = await start('/work/wt-ops', ['server/dist/server/src/main.js']);
const hello = await start('/work/wt-ops', ['-e', HELLO]);
const MODEL = { activeFileId: 'bench-file', activeFilePerm: 'reader', activeFileTitle: 'Bench file', activeFileMimeType: 'application/pdf' };
await fetch(`${neu.url}/api/save?${q(inst('OWNER'), 'ab-comp')}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ user: JSON.stringify(MODEL), revision: '0' }) });
const path = `/widget.html?${q(inst(''), 'ab-comp')}`;
const run = async (url, p) => { const r = await autocannon({ url, connections: 10, duration: 3, requests: [{ method: 'GET', path: p }] }); if (r.non2xx || r.errors) console.log('bad', r.non2xx, r.errors); return Math.round(r.requests.average); };
const rows = [];
for (let i = 0; i < Number(rounds); i++) {
  const row = { hello: await run(hello.url, '/hello'), old: await run(old.url, path), new: await run(neu.url, path) };
  row.oldRatio = +(row.old / row.hello).toFixed(3); row.newRatio = +(row.new / row.hello).toFixed(3);
  rows.push(row); console.log(JSON.stringify(row));
}
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
console.log('median old/hello', med(rows.map((r) => r.oldRatio)), 'new/hello', med(rows.map((r) => r.newRatio)), 'new/old', med(rows.map((r) => +(r.new / r.old).toFixed(2))));
for (const x of [old, neu, hello]) { x.s.child.kill('SIGTERM'); await x.s.exited(); }
