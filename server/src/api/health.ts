/**
 * Liveness and readiness, a plugin.
 * - `GET /healthz` (liveness): the process runs and answers; it never asks the database, so an
 *   orchestrator does not restart healthy instances while the database is down.
 * - `GET /readyz` (readiness): the database answers and every migration is applied; 503 otherwise,
 *   so a load balancer sends traffic only to instances that can serve it. From SIGTERM on it is
 *   503 `shutting_down` at once (http/shutdown.ts), while the requests in flight finish.
 */
import * as v from 'valibot';
import type { Database } from '../db/database';
import { migrationsApplied } from '../db/migrate';
import { HttpError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import { noQuery } from './routeSchemas';

const healthSchema = {
  querystring: noQuery,
  response: { 200: v.object({ status: v.literal('ok'), database: v.string() }) },
};
const readySchema = {
  querystring: noQuery,
  response: { 200: v.object({ status: v.literal('ready'), database: v.string() }) },
};

export interface HealthOptions {
  db: Database;
  /** True once the instance is shutting down. */
  draining: () => boolean;
}

export const healthRoute: RoutesPlugin<HealthOptions> = async (app, { db, draining }) => {
  let migrated = false;

  app.get('/healthz', { schema: healthSchema, config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const, database: db.engine };
  });

  app.get('/readyz', { schema: readySchema, config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (draining()) throw new HttpError(503, 'shutting_down', 'This instance is shutting down; send requests to another.');
    // Migrations never go back: once seen applied, the check is one round trip.
    if (migrated) await db.query('SELECT 1');
    else migrated = await migrationsApplied(db);
    if (!migrated) throw new HttpError(503, 'not_ready', 'The database migrations are not applied yet.');
    return { status: 'ready' as const, database: db.engine };
  });
};
