/**
 * Graceful shutdown, as orchestrators and load balancers expect it (a plugin, and the sequence
 * `main.ts` runs on SIGTERM):
 * 1. draining starts: `/readyz` answers 503 (the health route asks `draining`), the listener is
 *    closed (new connections are refused, the balancer tries another instance), idle keep-alive
 *    connections are closed, and every answer from now on says `Connection: close`, so a
 *    keep-alive connection ends after its current request;
 * 2. the requests in flight finish, a body still uploading included, for at most `timeoutMs`;
 *    whatever is left then is cut;
 * 3. the app closes: the sweeper stops, then the database pool closes (its onClose hook).
 * The exit code says whether every request in flight finished (0) or some were cut (1).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface Shutdown {
  /** True from the signal on. */
  readonly draining: boolean;
  /** Requests begun and not yet answered. */
  readonly inFlight: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

/** How often idle connections are closed while draining (one whose answer was under way when draining began may be left). */
const IDLE_SWEEP_MS = 100;

interface State {
  draining: boolean;
  /** Requests begun and not yet answered (or given up by their client). */
  inFlight: Set<FastifyRequest>;
}

const states = new WeakMap<FastifyInstance, State>();

const shutdownPlugin: FastifyPluginAsync = async (app) => {
  const state: State = { draining: false, inFlight: new Set() };
  states.set(app, state);
  app.decorate('shutdown', {
    get draining() {
      return state.draining;
    },
    get inFlight() {
      return state.inFlight.size;
    },
  });
  app.addHook('onRequest', async (request) => void state.inFlight.add(request));
  app.addHook('onResponse', async (request) => void state.inFlight.delete(request));
  app.addHook('onRequestAbort', async (request) => void state.inFlight.delete(request));
  app.addHook('onSend', async (_request, reply) => {
    if (state.draining) reply.header('connection', 'close');
  });
};

export default fp(shutdownPlugin, { name: 'shutdown', fastify: '5.x' });

/**
 * Steps 1 and 2: stops taking connections and waits for the requests in flight, at most
 * `timeoutMs`. Resolves true when every one finished, false when some had to be cut.
 */
export async function drain(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  const state = states.get(app);
  if (!state) throw new Error('drain: the shutdown plugin is not registered');
  state.draining = true;
  const server = app.server;
  // Not listening yet (a signal during the start): no request can be in flight.
  if (!server.listening) return true;
  const closed = new Promise<true>((resolve) => server.close(() => resolve(true)));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  try {
    const finished = await Promise.race([closed, late]);
    if (!finished) server.closeAllConnections();
    return finished;
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}

/** The whole sequence: drain, then close the app (sweeper, renderer, database pool). Resolves with the exit code. */
export async function closeGracefully(app: FastifyInstance, signal: string, timeoutMs: number): Promise<number> {
  app.log.info({ signal, inFlight: app.shutdown.inFlight, timeoutMs }, 'shutting down: draining the requests in flight');
  const finished = await drain(app, timeoutMs);
  if (finished) app.log.info('shutting down: every request in flight finished; closing the database pool');
  else app.log.error({ cut: app.shutdown.inFlight, timeoutMs }, 'shutting down: requests still in flight after SHUTDOWN_TIMEOUT_MS were cut');
  await app.close();
  app.log.info('shut down');
  return finished ? 0 : 1;
}
