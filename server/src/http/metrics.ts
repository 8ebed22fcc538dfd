/**
 * Prometheus metrics (prom-client), a plugin: requests and their latency by route, method and
 * status; the database pool's use and waits; drive calls and their retries; write-limit refusals;
 * the platform's token-info calls; and the process's own (CPU, memory, event loop). Each app has its own registry.
 *
 * `GET /metrics` exists only when a token is configured (METRICS_TOKEN), and answers only a request
 * that carries it (`Authorization: Bearer <token>`, compared in constant time): the pages' origin
 * is public, the figures are not.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database';
import { HttpError } from './errors';
import type { TokenInfoCounts } from './tokenInfo';

export interface ServerMetrics {
  registry: Registry;
  driveCalls: Counter<'outcome'>;
  driveRetries: Counter<'reason'>;
  writeLimitRefusals: Counter<'route'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
  }
}

export interface MetricsOptions {
  db: Database;
  /** Null: no /metrics route. */
  token: string | null;
  /** How the access check asked the platform's token-info so far (null when tokens are not taken). */
  tokenInfo?: () => TokenInfoCounts | null;
}

function tokenInfoGauge(registry: Registry, counts: () => TokenInfoCounts | null): void {
  new Gauge({
    name: 'token_info_calls_total',
    help: "The platform's token-info by outcome since start (calls made, answers kept and reused, tokens refused, token-info unavailable, checks refused for their address's failures)",
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const c = counts();
      if (!c) return;
      for (const outcome of ['calls', 'cacheHits', 'refused', 'unavailable', 'limited'] as const) this.set({ outcome }, c[outcome]);
    },
  });
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

function poolGauges(registry: Registry, db: Database): void {
  const stats = () => db.stats?.();
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool by state (total, idle, waiting requests, max)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = stats();
      if (!s) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, s[state]);
    },
  });
  new Gauge({
    name: 'db_pool_acquired_total',
    help: 'Connections handed out by the database pool since start',
    registers: [registry],
    collect() {
      this.set(stats()?.acquired ?? 0);
    },
  });
  new Gauge({
    name: 'db_connections_lost_total',
    help: 'Database connections the database ended or that broke (a restart, a failover, terminated) since start; each was dropped',
    registers: [registry],
    collect() {
      this.set(stats()?.lost ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_wait_seconds_total',
    help: 'Seconds spent waiting for a database connection since start',
    registers: [registry],
    collect() {
      this.set(stats()?.waitSeconds ?? 0);
    },
  });
}

export function createServerMetrics(db: Database): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  poolGauges(registry, db);
  return {
    registry,
    driveCalls: new Counter({ name: 'drive_calls_total', help: 'Calls to the drive provider by outcome', labelNames: ['outcome'], registers: [registry] }),
    driveRetries: new Counter({ name: 'drive_call_retries_total', help: 'Retries of drive calls by reason', labelNames: ['reason'], registers: [registry] }),
    writeLimitRefusals: new Counter({
      name: 'write_limit_refusals_total',
      help: 'Requests refused by the write limit',
      labelNames: ['route'],
      registers: [registry],
    }),
  };
}

function sameToken(given: string, expected: string): boolean {
  // Hashes have one length, so the comparison's time does not tell the token's length.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function checkToken(request: FastifyRequest, token: string): void {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!given || !sameToken(given, token)) throw new HttpError(401, 'unauthorized', 'The metrics need their token (Authorization: Bearer …).');
}

const metrics: FastifyPluginAsync<MetricsOptions> = async (app, { db, token, tokenInfo }) => {
  const server = createServerMetrics(db);
  if (tokenInfo) tokenInfoGauge(server.registry, tokenInfo);
  app.decorate('metrics', server);
  const labels = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests by route, method and status', labelNames: labels, registers: [server.registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Request latency by route, method and status',
    labelNames: labels,
    buckets: LATENCY_BUCKETS,
    registers: [server.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const values = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(values);
    latency.observe(values, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  // The text exposition format (a string with its own content type, so Fastify does not serialize it).
  const schema = { querystring: v.object({}), response: { 200: v.string() } };
  app.get('/metrics', { schema, config: { access: 'public' } }, async (request, reply) => {
    checkToken(request, token);
    reply.header('Cache-Control', 'no-store').type(server.registry.contentType);
    return server.registry.metrics();
  });
};

export default fp(metrics, { name: 'metrics', fastify: '5.x' });
