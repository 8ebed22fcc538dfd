/**
 * Starts the server: configuration from the environment, the database (PostgreSQL when
 * DATABASE_URL is set, else the embedded PGlite in PGLITE_DIR) with its migrations, then listens.
 * SIGTERM and SIGINT close it gracefully (http/shutdown.ts): not ready at once, no new
 * connections, the requests in flight finish (at most SHUTDOWN_TIMEOUT_MS), then the database
 * pool closes and the process exits 0; a shutdown that takes too long exits anyway (1).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { closeGracefully } from './http/shutdown';
import { shownAddress } from './shownAddress';

/** After draining, the longest wait for the app to close (the sweeper, the database pool) before exiting anyway. */
const CLOSE_LIMIT_MS = 5_000;

/** Migrations may wait for another instance's (the lock), so their statements get a longer limit than requests'. */
const MIGRATION_QUERY_TIMEOUT_MS = 60_000;

async function openDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) {
    const db = await openPglite({ dataDir: config.pgliteDir });
    await migrateOrClose(db);
    return db;
  }
  const connectionString = config.databaseUrl;
  const migrator = await openPostgres({ connectionString, maxConnections: 1, queryTimeoutMs: MIGRATION_QUERY_TIMEOUT_MS, connectTimeoutMs: 10_000 });
  await migrateOrClose(migrator);
  await migrator.close();
  return openPostgres({ connectionString, ...config.databasePool });
}

async function migrateOrClose(db: Database): Promise<void> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const db = await openDatabase(config);
  const app = await buildApp({ config, db });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // A backstop: draining is bounded by SHUTDOWN_TIMEOUT_MS, closing the pool by its statements' limit.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + CLOSE_LIMIT_MS);
    force.unref();
    closeGracefully(app, signal, config.shutdownTimeoutMs).then(
      (code) => process.exit(code),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  const address = shownAddress(await app.listen({ host: config.host, port: config.port }), config.drive?.provider.redirectUri);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`;
  app.log.info({ address, database: db.engine }, 'listening');
  console.log(`Drive File Widget server at ${address} (${config.development ? 'development' : 'production'}, ${where})`);
  if (config.development && app.hasRoute({ method: 'GET', url: '/' })) console.log(`Local editor stage: ${address}/`);
  if (config.development && app.hasRoute({ method: 'GET', url: '/current.html' })) console.log(`Current editor stage: ${address}/current.html`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Server failed to start: ${error.message}` : error);
  process.exit(1);
});
