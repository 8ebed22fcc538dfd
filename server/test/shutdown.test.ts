/**
 * Graceful shutdown (http/shutdown.ts), in process over real sockets: from the signal on the
 * instance is not ready, takes no new connection, closes idle keep-alive connections and ends the
 * others after their current answer; the requests in flight finish (a body still uploading), then
 * the app closes with exit code 0. What is still running after the time limit is cut (code 1).
 */
import { closeGracefully } from '../src/http/shutdown';
import { idleConnection, refusesConnections, slowSave } from './support/connections';
import { ownerInstance } from './support/instances';
import { createSettingsStore } from '../src/db/settingsStore';
import { openTestDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(30_000);

const who = (site: string) => ({ instance: ownerInstance({ instanceId: site }), compId: 'tpaSettings', origCompId: 'comp-1' });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listening(): Promise<{ t: TestApp; base: string }> {
  const t = await startTestApp({ db: await openTestDatabase() });
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, base };
}

test('SIGTERM: not ready at once, new connections refused, idle ones closed; the upload in flight finishes (200, stored); then exit code 0', async () => {
  const { t, base } = await listening();
  const upload = slowSave(base, who('site-upload'), { activeFileTitle: 'uploaded slowly' }, 0);
  const idle = await idleConnection(base);
  await pause(100);

  const closing = closeGracefully(t.app, 'SIGTERM', 5_000);
  const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ error: 'shutting_down' });
  expect(ready.headers.connection).toBe('close');
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  await idle.closed;
  expect(await refusesConnections(base)).toBe(true);

  await pause(300);
  upload.finish();
  expect(await upload.answer).toMatchObject({ status: 200, connection: 'close', body: { revision: 1 } });
  expect(await closing).toBe(0);
  expect(await createSettingsStore(t.db).read({ instanceId: 'site-upload', compId: 'comp-1' })).toMatchObject({
    model: { activeFileTitle: 'uploaded slowly' },
    revision: 1,
  });
  expect(t.logs()).toMatch(/"inFlight":1,"timeoutMs":5000,"msg":"shutting down: draining the requests in flight"/);
  await t.db.close();
});

test('a request still running after SHUTDOWN_TIMEOUT_MS is cut, and the exit code says so (1)', async () => {
  const { t, base } = await listening();
  const upload = slowSave(base, who('site-stalled'), { activeFileTitle: 'never finished' }, 0);
  const cut = upload.answer.then(
    () => 'answered',
    () => 'cut',
  );
  await pause(100);
  const started = Date.now();
  expect(await closeGracefully(t.app, 'SIGTERM', 300)).toBe(1);
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(await cut).toBe('cut');
  expect(t.logs()).toContain('requests still in flight after SHUTDOWN_TIMEOUT_MS were cut');
  await t.db.close();
});
