/** `GET /healthz`, a plugin: 200 with the database engine while the database answers, else 503. */
import * as v from 'valibot';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { RoutesPlugin } from '../http/typeProvider';
import { noQuery } from './routeSchemas';

const healthSchema = {
  querystring: noQuery,
  response: { 200: v.object({ status: v.literal('ok'), database: v.string() }) },
};

export const healthRoute: RoutesPlugin<{ db: Database }> = async (app, { db }) => {
  app.get('/healthz', { schema: healthSchema, config: { access: 'public' } }, async () => {
    try {
      await db.query('SELECT 1');
    } catch {
      throw new HttpError(503, 'database_unavailable', 'The database does not answer.');
    }
    return { status: 'ok' as const, database: db.engine };
  });
};
