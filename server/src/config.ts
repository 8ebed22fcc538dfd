/**
 * The server's configuration: environment variables only. Each is listed, with its default, in
 * docs/operating.md ("Configuration"). Outside development a missing APP_SECRET, or a weak secret (the
 * public development values, an APP_SECRET under 32 bytes: weakSecrets.ts), stops the start.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { loadTokenConfig, TokenConfigError, type TokenSetup } from './http/tokenConfig';
import { DEV_APP_SECRET } from './devSecret';
import { PROJECT_ROOT } from './paths';
import { POOL_DEFAULTS } from './db/postgres';
import { DriveConfigError, loadDriveConfig, type DriveSetup } from './drive/driveConfig';
import { appSecretProblem, tokenKeyProblem } from './weakSecrets';
import { ConnectionLimitsError, loadConnectionLimits, type ConnectionLimits } from './http/connectionLimits';
import { loadSweepConfig, type SweepConfig } from './sweep/sweepConfig';
import { VERIFIED_INSTANCES_BYTES } from './http/instance';
import { WIDGET_PAGES_BUDGET } from './pages/renderCache';
import { DEFAULT_QUEUE_LIMIT } from './render/renderPool';

export interface Config {
  development: boolean;
  host: string;
  port: number;
  appSecret: string;
  /** The access token check (APP_ID, TOKEN_INFO_URL, TOKEN_INFO_TIMEOUT_MS). */
  tokens: TokenSetup;
  /** PostgreSQL URL; undefined means the embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** PostgreSQL's pool, per instance: size and time limits (ms). */
  databasePool: { maxConnections: number; connectTimeoutMs: number; queryTimeoutMs: number };
  /** The token `GET /metrics` asks for; null: no metrics route. */
  metricsToken: string | null;
  pagesDir: string;
  instanceMaxAgeSeconds: number;
  frameAncestors: string[];
  /** The largest form body (the save); JSON bodies have a smaller limit of their own (http/bodies.ts). */
  bodyLimitBytes: number;
  /** Time limits on every connection (HTTP_*_TIMEOUT_MS). */
  connectionLimits: ConnectionLimits;
  writeRateLimit: { max: number; windowMs: number };
  logLevel: string;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /** The drive provider and the token keys; null when no provider is configured (drive routes answer 501). */
  drive: DriveSetup | null;
  /** When the server removes settings by itself (sweep/sweepConfig.ts). */
  sweep: SweepConfig;
  /** How often at most the drive is asked about a file shown as part of the page (NATIVE_CHECK_INTERVAL_SECONDS, default 60). */
  nativeCheckIntervalMs: number;
  /** The memory each of the server's caches may hold, in bytes (PAGE_CACHE_BYTES, MODEL_CACHE_BYTES, INSTANCE_CACHE_BYTES). */
  cacheBytes: { pages: number; models: number; instances: number };
  /** Render worker threads at most (RENDER_WORKERS; default: the cores but one for the event loop, 1 to 4). */
  renderWorkers: number;
  /** Renders waiting for a worker at most; one more is refused with 503 (RENDER_QUEUE_LIMIT, default 16). */
  renderQueueLimit: number;
  /** A render's time limit, from when a worker takes it (RENDER_TIMEOUT_SECONDS, default 30). */
  renderTimeoutMs: number;
}

/** The render workers a machine gets by default: a core is left to the event loop, and more than 4 would mostly cost memory (each holds a jsdom). */
export const defaultRenderWorkers = (cores = availableParallelism()): number => Math.min(4, Math.max(1, cores - 1));

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const DEFAULT_FRAME_ANCESTORS = ['https://*.wix.com', 'https://*.wixsite.com', 'https://*.editorx.com'];

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${raw}".`);
  return value;
}

function tokenSetup(env: Env, development: boolean): TokenSetup {
  try {
    return loadTokenConfig(env, development);
  } catch (error) {
    if (error instanceof TokenConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function driveSetup(env: Env, development: boolean): DriveSetup | null {
  try {
    return loadDriveConfig(env, development);
  } catch (error) {
    if (error instanceof DriveConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function metricsToken(env: Env): string | null {
  const token = env.METRICS_TOKEN?.trim() ?? '';
  if (token === '') return null;
  if (token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long.');
  return token;
}

function connectionLimits(env: Env): ConnectionLimits {
  try {
    return loadConnectionLimits(env);
  } catch (error) {
    if (error instanceof ConnectionLimitsError) throw new ConfigError(error.message);
    throw error;
  }
}

function sweepSetup(env: Env): SweepConfig {
  try {
    return loadSweepConfig(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** Production starts with no secret anyone could know or guess (weakSecrets.ts). */
function refuseWeakSecrets(appSecret: string, tokenKey: string): void {
  const problem = appSecretProblem(appSecret) ?? (tokenKey === '' ? null : tokenKeyProblem(tokenKey));
  if (problem) throw new ConfigError(problem);
}

export function loadConfig(env: Env = process.env): Config {
  const development = env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
  const appSecret = env.APP_SECRET || (development ? DEV_APP_SECRET : '');
  if (!appSecret) {
    throw new ConfigError(
      'APP_SECRET is not set. Set it to the app secret of the platform (it signs the instance parameter); only NODE_ENV=development may run without it.',
    );
  }
  if (!development) refuseWeakSecrets(appSecret, env.TOKEN_KEY?.trim() ?? '');
  const ancestors = (env.FRAME_ANCESTORS ?? '').split(/[\s,]+/).filter(Boolean);
  const writeRateLimit = { max: integer(env, 'WRITE_RATE_LIMIT', 60, 1), windowMs: integer(env, 'WRITE_RATE_WINDOW_SECONDS', 60, 1) * 1000 };
  return {
    development,
    host: env.HOST || 'localhost',
    port: integer(env, 'PORT', 3000),
    appSecret,
    tokens: tokenSetup(env, development),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.resolve(PROJECT_ROOT, env.PGLITE_DIR || '.data/pglite'),
    databasePool: {
      maxConnections: integer(env, 'DB_POOL_MAX', POOL_DEFAULTS.maxConnections, 1),
      connectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', POOL_DEFAULTS.connectTimeoutMs, 100),
      queryTimeoutMs: integer(env, 'DB_QUERY_TIMEOUT_MS', POOL_DEFAULTS.queryTimeoutMs, 100),
    },
    metricsToken: metricsToken(env),
    pagesDir: path.resolve(PROJECT_ROOT, env.PAGES_DIR || 'dist'),
    instanceMaxAgeSeconds: integer(env, 'INSTANCE_MAX_AGE_SECONDS', development ? 0 : 86_400),
    frameAncestors: ancestors.length > 0 ? ancestors : DEFAULT_FRAME_ANCESTORS,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 32 * 1024, 1024),
    connectionLimits: connectionLimits(env),
    writeRateLimit,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    drive: driveSetup(env, development),
    sweep: { ...sweepSetup(env), writeWindowMs: writeRateLimit.windowMs },
    nativeCheckIntervalMs: integer(env, 'NATIVE_CHECK_INTERVAL_SECONDS', 60, 1) * 1000,
    cacheBytes: {
      pages: integer(env, 'PAGE_CACHE_BYTES', WIDGET_PAGES_BUDGET.pageBytes),
      models: integer(env, 'MODEL_CACHE_BYTES', WIDGET_PAGES_BUDGET.modelBytes),
      instances: integer(env, 'INSTANCE_CACHE_BYTES', VERIFIED_INSTANCES_BYTES),
    },
    renderWorkers: integer(env, 'RENDER_WORKERS', defaultRenderWorkers(), 1),
    renderQueueLimit: integer(env, 'RENDER_QUEUE_LIMIT', DEFAULT_QUEUE_LIMIT, 1),
    renderTimeoutMs: integer(env, 'RENDER_TIMEOUT_SECONDS', 30, 1) * 1000,
  };
}
