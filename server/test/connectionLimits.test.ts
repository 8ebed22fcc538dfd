/**
 * Time limits on every connection, and a body limit per route, against a real listening server:
 * raw sockets (node:net) that hold a request open the way a slow or hostile client does (an
 * unfinished body, headers that never end, a kept-alive socket left idle) are closed within the
 * configured limits, which are small here; a body over its route's limit is 413.
 */
import { connect, type Socket } from 'node:net';
import type { Database } from '../src/db/database';
import { ownerInstance } from './support/instances';
import { apiUrl, FORM, save } from './support/requests';
import { openTestDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(60_000);

const LIMITS = { headersTimeoutMs: 600, requestTimeoutMs: 1_000, idleTimeoutMs: 3_000, keepAliveTimeoutMs: 500 };
/** How long after its limit a socket may still be open: the server checks its connections on an interval, and the machine is loaded. */
const SLACK_MS = 2_500;
/** Longer than any limit plus slack: a socket still open then was never going to be closed by a limit. */
const GIVE_UP_MS = 8_000;

let db: Database;
let t: TestApp;
let port: number;
const owner = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };

beforeAll(async () => {
  db = await openTestDatabase();
  t = await startTestApp({ db, config: { connectionLimits: LIMITS } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.app.close();
  await db.close();
});

interface Ended {
  /** ms from `open` until the server closed the socket; null when it was still open at GIVE_UP_MS. */
  afterMs: number | null;
  received: string;
}

/** A raw socket to the server; `ended` resolves when the server closes it (or at GIVE_UP_MS). */
async function open(): Promise<{ socket: Socket; ended: Promise<Ended>; received: () => string }> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const ended = new Promise<Ended>((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ afterMs: null, received });
    }, GIVE_UP_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ afterMs: Date.now() - opened, received });
    });
    socket.on('error', () => undefined);
  });
  return { socket, ended, received: () => received };
}

async function until(seen: () => boolean): Promise<void> {
  const end = Date.now() + GIVE_UP_MS;
  while (!seen() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

function expectClosedWithin(ended: Ended, limitMs: number): void {
  expect(ended.afterMs).not.toBeNull();
  expect(ended.afterMs!).toBeLessThan(limitMs + SLACK_MS);
}

test("an owner's save that announces 1000 bytes and sends 10 is closed within the request limit", async () => {
  const { socket, ended } = await open();
  socket.write(`POST ${apiUrl('/api/save', owner)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\nContent-Length: 1000\r\n\r\n` + 'revision=0');
  // Keep the socket busy, so it is the request limit that ends it, not the idle one.
  const drip = setInterval(() => socket.write('&'), 200);
  const result = await ended;
  clearInterval(drip);
  expectClosedWithin(result, LIMITS.requestTimeoutMs);
  expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
  // Nothing half-sent was saved.
  expect(await db.query('SELECT 1 FROM widget_settings')).toEqual([]);
});

test('headers that never end, a line at a time, are closed within the headers limit', async () => {
  const { socket, ended } = await open();
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  let n = 0;
  const drip = setInterval(() => socket.write(`X-Slow-${n++}: 1\r\n`), 150);
  const result = await ended;
  clearInterval(drip);
  expectClosedWithin(result, LIMITS.headersTimeoutMs);
});

test('a socket that sends nothing is closed within the headers limit', async () => {
  const { ended } = await open();
  expectClosedWithin(await ended, LIMITS.headersTimeoutMs);
});

test('a kept-alive socket left idle after its answer is closed within the keep-alive limit', async () => {
  const { socket, ended } = await open();
  const asked = Date.now();
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  const result = await ended;
  expect(result.received).toMatch(/^HTTP\/1\.1 \d{3}/);
  expect(result.received).not.toMatch(/^Connection: close/im);
  expectClosedWithin({ ...result, afterMs: result.afterMs === null ? null : Date.now() - asked }, LIMITS.keepAliveTimeoutMs);
});

describe('a body over its route limit is 413, and the save route takes more than a permission route', () => {
  const permission = (bytes: number) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl('/api/permissions', owner),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fileId: 'file-1', role: 'reader', type: 'anyone', pad: 'x'.repeat(bytes) }),
    });

  test('a permission body of 8 KB is 413, before the drive is asked', async () => {
    const response = await permission(8 * 1024);
    expect([response.statusCode, response.json()]).toEqual([413, { error: 'payload_too_large', message: expect.any(String) }]);
  });

  test('a save of 8 KB is taken; one over BODY_LIMIT_BYTES is 413 over a real socket, before its body is read', async () => {
    const trail = Array.from({ length: 20 }, (_, i) => ({ id: `folder-${i}`, title: 'A folder with a long name '.repeat(15) }));
    const user = { activeFileId: 'file-1', breadcrumb: trail };
    expect(new URLSearchParams({ user: JSON.stringify(user), revision: '0' }).toString().length).toBeGreaterThan(8 * 1024);
    expect((await save(t.app, owner, user, 0)).statusCode).toBe(200);

    const { socket, ended, received } = await open();
    socket.write(`POST ${apiUrl('/api/save', owner)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\nContent-Length: ${64 * 1024}\r\n\r\nrevision=1`);
    // The answer comes though the announced body never does.
    await until(() => received().includes('\r\n\r\n'));
    socket.destroy();
    const result = await ended;
    expect(result.received).toMatch(/^HTTP\/1\.1 413/);
  });
});
