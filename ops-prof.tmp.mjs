// Profiles the widget page route: one production instance on PostgreSQL under autocannon.
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { spawnServer } from './server/test/support/spawnServer.cjs';
const SECRET = 'bench-fleet-secret';
const [databaseUrl, profDir, seconds = '10'] = process.argv.slice(2);
const inst = (permissions) => { const p = Buffer.from(JSON.stringify({ instanceId: 'prof-site', signDate: new Date().toISOString(), permissions, uid: 'u', siteOwnerId: 'u' })).toString('base64url'); return `${createHmac('sha256', SECRET).update(p).digest('base64url')}.${p}`; };
const q = (i, c) => new URLSearchParams({ instance: i, compId: c, origCompId: '', viewMode: 'site' }).toString();
const args = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, 'server/dist/server/src/main.js'] : ['server/dist/server/src/main.js'];
const s = spawnServer({ args, env: { NODE_ENV: 'production', APP_SECRET: SECRET, HOST: '127.0.0.1', PORT: '0', PAGES_DIR: 'dist', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', WRITE_RATE_LIMIT: '100000000' }, cwd: process.cwd(), stderr: 'inherit' });
const base = await s.listening();
const MODEL = { activeFileId: 'bench-file', activeFilePerm: 'reader', activeFileTitle: 'Bench file', activeFileMimeType: 'application/pdf' };
await fetch(`${base}/api/save?${q(inst('OWNER'), 'prof-comp')}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ user: JSON.stringify(MODEL), revision: '0' }) });
const path = `/widget.html?${q(inst(''), 'prof-comp')}`;
const first = await fetch(base + path); console.log('status', first.status, 'bytes', (await first.text()).length);
const r = await autocannon({ url: base, connections: 10, duration: Number(seconds), requests: [{ method: 'GET', path }] });
console.log('widget rps', Math.round(r.requests.average), 'p99', r.latency.p99, 'non2xx', r.non2xx);
s.child.kill('SIGTERM'); await s.exited();
