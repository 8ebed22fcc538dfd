/** Configuration comes from the environment only, with the defaults the README lists. */
import { ConfigError, defaultRenderWorkers, loadConfig } from '../src/config';
import { DEV_APP_SECRET } from '../src/devSecret';

test('production needs APP_SECRET, and refuses the public development secret', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  expect(() => loadConfig({})).toThrow(/APP_SECRET is not set/);
  expect(() => loadConfig({ APP_SECRET: DEV_APP_SECRET })).toThrow(/public development secret/);
});

test('the defaults of production', () => {
  const config = loadConfig({ APP_SECRET: 's3cret' });
  expect(config).toMatchObject({
    development: false,
    host: 'localhost',
    port: 3000,
    databaseUrl: undefined,
    instanceMaxAgeSeconds: 86_400,
    bodyLimitBytes: 32_768,
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
    APP_SECRET: 's',
    PORT: '8081',
    FRAME_ANCESTORS: 'https://a.example, https://b.example',
    DATABASE_URL: 'postgres://x@y/z',
    WRITE_RATE_LIMIT: '5',
    DB_POOL_MAX: '4',
    METRICS_TOKEN: 'metrics-token-0123456789',
  });
  expect(config).toMatchObject({
    port: 8081,
    frameAncestors: ['https://a.example', 'https://b.example'],
    databaseUrl: 'postgres://x@y/z',
    writeRateLimit: { max: 5 },
    databasePool: { maxConnections: 4 },
    metricsToken: 'metrics-token-0123456789',
  });
  expect(() => loadConfig({ APP_SECRET: 's', PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
  expect(() => loadConfig({ APP_SECRET: 's', BODY_LIMIT_BYTES: '10' })).toThrow(/BODY_LIMIT_BYTES/);
  expect(() => loadConfig({ APP_SECRET: 's', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  expect(() => loadConfig({ APP_SECRET: 's', DB_QUERY_TIMEOUT_MS: '0' })).toThrow(/DB_QUERY_TIMEOUT_MS/);
});

test("the caches' memory budgets, in bytes", () => {
  expect(loadConfig({ APP_SECRET: 's' }).cacheBytes).toEqual({ pages: 64 * 1024 * 1024, models: 4 * 1024 * 1024, instances: 2 * 1024 * 1024 });
  expect(loadConfig({ APP_SECRET: 's', PAGE_CACHE_BYTES: '1000000', MODEL_CACHE_BYTES: '0', INSTANCE_CACHE_BYTES: '5000' }).cacheBytes).toEqual({
    pages: 1_000_000,
    models: 0,
    instances: 5000,
  });
  expect(() => loadConfig({ APP_SECRET: 's', PAGE_CACHE_BYTES: '64MB' })).toThrow(/PAGE_CACHE_BYTES must be a whole number/);
});

test('the render pool: workers by default the cores but one (1 to 4), its queue and time limit', () => {
  expect([1, 2, 3, 8, 64].map((cores) => defaultRenderWorkers(cores))).toEqual([1, 1, 2, 4, 4]);
  const secret = { APP_SECRET: 'render-pool-test-secret' };
  expect(loadConfig(secret)).toMatchObject({ renderWorkers: defaultRenderWorkers(), renderQueueLimit: 16, renderTimeoutMs: 30_000 });
  const set = loadConfig({ ...secret, RENDER_WORKERS: '3', RENDER_QUEUE_LIMIT: '5', RENDER_TIMEOUT_SECONDS: '12' });
  expect(set).toMatchObject({ renderWorkers: 3, renderQueueLimit: 5, renderTimeoutMs: 12_000 });
  for (const name of ['RENDER_WORKERS', 'RENDER_QUEUE_LIMIT', 'RENDER_TIMEOUT_SECONDS']) {
    expect(() => loadConfig({ ...secret, [name]: '0' })).toThrow(new RegExp(`${name} must be a whole number ≥ 1`));
  }
});
