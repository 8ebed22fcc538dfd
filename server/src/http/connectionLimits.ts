/**
 * Time limits on every connection, from environment variables (listed in docs/operating.md), so a slow or
 * hostile client cannot hold a socket for good:
 *
 *   HTTP_HEADERS_TIMEOUT_MS     the longest wait for a request's headers (default 10000)
 *   HTTP_REQUEST_TIMEOUT_MS     the longest wait for a whole request, headers and body (default
 *                               30000; at least the headers' limit)
 *   HTTP_IDLE_TIMEOUT_MS        the longest a socket may pass no byte either way, while a request
 *                               is received or answered (default 60000, above any answer's time)
 *   HTTP_KEEP_ALIVE_TIMEOUT_MS  the longest a kept-alive socket waits for its next request
 *                               (default 72000, above the 60 s of common proxies)
 *
 * A request over its limit is answered 408 where it can be, and its socket closed.
 */
import type { FastifyServerOptions } from 'fastify';
import type { ServerOptions } from 'node:http';

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

export class ConnectionLimitsError extends Error {}

type Env = Record<string, string | undefined>;

const MIN_MS = 100;

function milliseconds(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < MIN_MS) throw new ConnectionLimitsError(`${name} must be a whole number of ms ≥ ${MIN_MS}, got "${raw}".`);
  return value;
}

export function loadConnectionLimits(env: Env): ConnectionLimits {
  const limits = {
    headersTimeoutMs: milliseconds(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000),
    requestTimeoutMs: milliseconds(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000),
    idleTimeoutMs: milliseconds(env, 'HTTP_IDLE_TIMEOUT_MS', 60_000),
    keepAliveTimeoutMs: milliseconds(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConnectionLimitsError(
      `HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}).`,
    );
  }
  return limits;
}

/**
 * Fastify's options for the limits. Node checks the headers' and the request's limits on an
 * interval (30 s by default, far longer than a limit of a few seconds): here a quarter of the
 * shorter one, so a socket is closed at most a quarter late.
 */
export function serverTimeouts(limits: ConnectionLimits): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & {
  http: ServerOptions;
} {
  const checkEveryMs = Math.max(50, Math.min(30_000, Math.floor(limits.headersTimeoutMs / 4)));
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: checkEveryMs },
  };
}
