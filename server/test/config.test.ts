/** Configuration comes from the environment only, with the defaults docs/operating.md lists. */
import { ConfigError, defaultRenderWorkers, loadConfig } from '../src/config';
import { DEVELOPMENT_TOKEN_KEY } from '../src/crypto/tokenCipher';
import { DEV_APP_SECRET } from '../src/devSecret';

/** An app secret production takes: 32 bytes or more. */
const SECRET = 'a-production-app-secret-0123456789';

test('production needs APP_SECRET, and refuses the public development secret', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  expect(() => loadConfig({})).toThrow(/APP_SECRET is not set/);
  expect(() => loadConfig({ APP_SECRET: DEV_APP_SECRET })).toThrow(/public development secret/);
});

test('production refuses an APP_SECRET shorter than 32 bytes, counted in UTF-8', () => {
  expect(() => loadConfig({ APP_SECRET: 'x'.repeat(31) })).toThrow(/APP_SECRET is 31 bytes long; outside development it must be at least 32/);
  expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).appSecret).toBe('x'.repeat(32));
  expect(loadConfig({ APP_SECRET: 'é'.repeat(16) }).appSecret).toBe('é'.repeat(16));
  expect(loadConfig({ NODE_ENV: 'development', APP_SECRET: 'short' }).appSecret).toBe('short');
});

describe('production refuses the public development TOKEN_KEY, under any id or encoding', () => {
  const drive = {
    APP_SECRET: SECRET,
    DRIVE_CLIENT_ID: 'id.apps.example',
    DRIVE_CLIENT_SECRET: 'client-secret',
    DRIVE_REDIRECT_URI: 'https://widget.example.com/api/oauth/callback',
  };
  const material = Buffer.from(DEVELOPMENT_TOKEN_KEY.slice('dev:'.length), 'base64');

  test.each([
    ['as written in the source', DEVELOPMENT_TOKEN_KEY],
    ['under another key id', `k7:${material.toString('base64')}`],
    ['as a bare key in hex', material.toString('hex')],
  ])('%s', (_, key) => {
    expect(() => loadConfig({ ...drive, TOKEN_KEY: key })).toThrow(/TOKEN_KEY is the public development key/);
    expect(loadConfig({ ...drive, NODE_ENV: 'development', TOKEN_KEY: key }).drive?.cipher.currentKeyId).toBeTruthy();
  });

  test('a key of its own passes, and the development key may stay a previous key (to reseal what it sealed)', () => {
    const own = `k2:${Buffer.alloc(32, 9).toString('base64')}`;
    expect(loadConfig({ ...drive, TOKEN_KEY: own, TOKEN_KEY_PREVIOUS: DEVELOPMENT_TOKEN_KEY }).drive?.cipher.currentKeyId).toBe('k2');
  });
});

test('the defaults of production', () => {
  const config = loadConfig({ APP_SECRET: SECRET });
  expect(config).toMatchObject({
    development: false,
    host: 'localhost',
    port: 3000,
    databaseUrl: undefined,
    instanceMaxAgeSeconds: 86_400,
    bodyLimitBytes: 32_768,
    connectionLimits: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000 },
    writeRateLimit: { max: 60, windowMs: 60_000 },
    databasePool: { maxConnections: 10, connectTimeoutMs: 1_000, queryTimeoutMs: 1_500 },
    metricsToken: null,
    frameAncestors: ['https://*.wix.com', 'https://*.wixsite.com', 'https://*.editorx.com'],
  });
  expect(config.pgliteDir).toMatch(/\.data\/pglite$/);
  expect(config.pagesDir).toMatch(/\/dist$/);
});

test('development runs with the development secret and no instance age limit', () => {
  expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ development: true, appSecret: DEV_APP_SECRET, instanceMaxAgeSeconds: 0 });
});

test('values are read and checked', () => {
  const config = loadConfig({
    APP_SECRET: SECRET,
    PORT: '8081',
    FRAME_ANCESTORS: 'https://a.example, https://b.example',
    DATABASE_URL: 'postgres://x@y/z',
    WRITE_RATE_LIMIT: '5',
    DB_POOL_MAX: '4',
    METRICS_TOKEN: 'metrics-token-0123456789',
    HTTP_HEADERS_TIMEOUT_MS: '5000',
    HTTP_REQUEST_TIMEOUT_MS: '20000',
    HTTP_IDLE_TIMEOUT_MS: '40000',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
  });
  expect(config).toMatchObject({
    port: 8081,
    frameAncestors: ['https://a.example', 'https://b.example'],
    databaseUrl: 'postgres://x@y/z',
    writeRateLimit: { max: 5 },
    databasePool: { maxConnections: 4 },
    metricsToken: 'metrics-token-0123456789',
    connectionLimits: { headersTimeoutMs: 5_000, requestTimeoutMs: 20_000, idleTimeoutMs: 40_000, keepAliveTimeoutMs: 65_000 },
  });
  expect(() => loadConfig({ APP_SECRET: SECRET, PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
  expect(() => loadConfig({ APP_SECRET: SECRET, BODY_LIMIT_BYTES: '10' })).toThrow(/BODY_LIMIT_BYTES/);
  expect(() => loadConfig({ APP_SECRET: SECRET, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  expect(() => loadConfig({ APP_SECRET: SECRET, DB_QUERY_TIMEOUT_MS: '0' })).toThrow(/DB_QUERY_TIMEOUT_MS/);
  expect(() => loadConfig({ APP_SECRET: SECRET, HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS must be a whole number/);
  expect(() => loadConfig({ APP_SECRET: SECRET, HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/must not exceed HTTP_REQUEST_TIMEOUT_MS/);
});

test("the caches' memory budgets, in bytes", () => {
  expect(loadConfig({ APP_SECRET: SECRET }).cacheBytes).toEqual({ pages: 64 * 1024 * 1024, models: 4 * 1024 * 1024, instances: 2 * 1024 * 1024 });
  expect(loadConfig({ APP_SECRET: SECRET, PAGE_CACHE_BYTES: '1000000', MODEL_CACHE_BYTES: '0', INSTANCE_CACHE_BYTES: '5000' }).cacheBytes).toEqual({
    pages: 1_000_000,
    models: 0,
    instances: 5000,
  });
  expect(() => loadConfig({ APP_SECRET: SECRET, PAGE_CACHE_BYTES: '64MB' })).toThrow(/PAGE_CACHE_BYTES must be a whole number/);
});

test('the render pool: workers by default the cores but one (1 to 4), its queue and time limit', () => {
  expect([1, 2, 3, 8, 64].map((cores) => defaultRenderWorkers(cores))).toEqual([1, 1, 2, 4, 4]);
  const secret = { APP_SECRET: SECRET };
  expect(loadConfig(secret)).toMatchObject({ renderWorkers: defaultRenderWorkers(), renderQueueLimit: 16, renderTimeoutMs: 30_000 });
  const set = loadConfig({ ...secret, RENDER_WORKERS: '3', RENDER_QUEUE_LIMIT: '5', RENDER_TIMEOUT_SECONDS: '12' });
  expect(set).toMatchObject({ renderWorkers: 3, renderQueueLimit: 5, renderTimeoutMs: 12_000 });
  for (const name of ['RENDER_WORKERS', 'RENDER_QUEUE_LIMIT', 'RENDER_TIMEOUT_SECONDS']) {
    expect(() => loadConfig({ ...secret, [name]: '0' })).toThrow(new RegExp(`${name} must be a whole number ≥ 1`));
  }
});

test('a DRIVE_ACCESS the server does not know stops the start, naming the modes', () => {
  expect(() => loadConfig({ APP_SECRET: SECRET, DRIVE_ACCESS: 'pick' })).toThrow(ConfigError);
  expect(() => loadConfig({ APP_SECRET: SECRET, DRIVE_ACCESS: 'pick' })).toThrow('DRIVE_ACCESS must be one of browse, picker, got "pick".');
});
