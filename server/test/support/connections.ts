/**
 * Connections as a shutdown meets them: a save whose body is still on its way, a keep-alive
 * connection left idle after its request, and a new connection attempt.
 */
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { apiUrl, FORM, type Who } from './requests';

export interface SlowAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The answer's Connection header ('close' when the server will not take another request on it). */
  connection: string | undefined;
}

export interface SlowUpload {
  /** Sends the rest of the body. */
  finish(): void;
  answer: Promise<SlowAnswer>;
}

/**
 * A save whose headers and half its body are sent at once, the rest when the test says so, over
 * a keep-alive connection of its own, as a slow uplink would.
 */
export function slowSave(base: string, who: Who, user: unknown, revision: number): SlowUpload {
  const body = new URLSearchParams({ user: JSON.stringify(user), revision: String(revision) }).toString();
  const headers = { 'content-type': FORM, 'content-length': String(Buffer.byteLength(body)) };
  const agent = new Agent({ keepAlive: true });
  const req = request(base + apiUrl('/api/save', who), { method: 'POST', headers, agent });
  const answer = new Promise<SlowAnswer>((resolve, reject) => {
    req.on('error', (error) => {
      agent.destroy();
      reject(error);
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('error', reject);
      res.on('end', () => {
        agent.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown>, connection: res.headers.connection });
      });
    });
  });
  // A test that failed before awaiting the answer leaves no unhandled rejection behind.
  answer.catch(() => undefined);
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), answer };
}

/** A connection that asked `/healthz` with keep-alive and now sits idle; `closed` resolves when the server closes it. */
export async function idleConnection(base: string): Promise<{ closed: Promise<unknown> }> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  const closed = once(socket, 'close');
  let text = '';
  const answered = new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('"status":"ok"')) resolve();
    }),
  );
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
  await answered;
  if (/^connection: close/im.test(text)) throw new Error('the server did not keep the connection alive');
  return { closed };
}

/** Whether a new connection to `base` is refused (nothing listens there any more). */
export async function refusesConnections(base: string): Promise<boolean> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  try {
    await once(socket, 'connect');
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
  } finally {
    socket.destroy();
  }
}
