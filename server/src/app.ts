/**
 * The server as a Fastify instance, built from its parts; `main.ts` opens the database and
 * listens, tests call `inject`. Closing the app closes the database.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import type { Database } from './db/database';
import { createSettingsStore, type SettingsKey } from './db/settingsStore';
import { apiMethods, registerDriveRoutes } from './api/driveRoutes';
import { createDriveConnection, type DriveConnection } from './drive/driveConnection';
import type { RetryPolicy } from './drive/resilientFetch';
import { registerSettingsRoutes } from './api/settingsRoutes';
import { checkInstance } from './api/widgetAccess';
import type { RouteConfig } from './api/routeConfig';
import { errorHandler, notFoundHandler, sendError } from './http/errors';
import type { InstanceRules } from './http/instance';
import { loggerOptions, REQUEST_ID_HEADER, requestId } from './http/logging';
import { registerSecurityHeaders } from './http/security';
import { loadBuiltPages, type BuiltPages } from './pages/builtPages';
import { registerPageRoutes } from './pages/pageRoutes';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** Built pages; default: read from config.pagesDir. */
  pages?: BuiltPages | null;
  now?: () => number;
  /** Waits of the drive calls' retries (tests shorten them). */
  driveRetryPolicy?: Partial<RetryPolicy>;
  /** Replaces the drive's routes (a browser test plays a drive of its own). Default: the drive of config.drive, 501 without one. */
  registerDrive?: (app: FastifyInstance, rules: InstanceRules, writeRoute: RouteConfig) => void;
}

const FORM = 'application/x-www-form-urlencoded';
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  const rules: InstanceRules = { secret: config.appSecret, maxAgeSeconds: config.instanceMaxAgeSeconds, now: options.now };
  const store = createSettingsStore(db);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerSecurityHeaders(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onClose', async () => db.close());

  await app.register(rateLimit, { global: false });
  const writeRoute: RouteConfig = {
    config: {
      rateLimit: {
        max: config.writeRateLimit.max,
        timeWindow: config.writeRateLimit.windowMs,
        // Per site: the verified instance's id; requests without a valid one share their address's bucket.
        keyGenerator: (request) => {
          const check = checkInstance(request, rules);
          return check.ok ? `instance:${check.instance.instanceId}` : `ip:${request.ip}`;
        },
        errorResponseBuilder: (_request, context) =>
          Object.assign(new Error(`Too many changes; try again in ${context.after}.`), { statusCode: 429, retryAfter: context.after }),
      },
    },
  };

  app.get('/healthz', async (_request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: db.engine };
    } catch {
      return sendError(reply, 503, 'database_unavailable', 'The database does not answer.');
    }
  });
  const drive = options.registerDrive ? null : configuredDrive(app, options);
  registerSettingsRoutes(app, { store, rules, writeRoute, onDeleted: drive ? forgetDriveGrant(drive) : undefined });
  if (options.registerDrive) options.registerDrive(app, rules, writeRoute);
  else registerDriveRoutes(app, rules, writeRoute, drive);
  for (const [url, allowed] of apiMethods()) {
    const others = OTHER_METHODS.filter((m) => !allowed.has(m));
    app.route({
      method: others,
      url,
      handler: async (request, reply) =>
        sendError(reply.header('Allow', [...allowed].join(', ')), 405, 'method_not_allowed', `${request.method} is not allowed on ${url}.`),
    });
  }

  const pages = options.pages !== undefined ? options.pages : loadBuiltPages(config.pagesDir);
  if (!pages) app.log.warn({ pagesDir: config.pagesDir }, 'no built pages found; page routes answer 503 until `npm run build`');
  registerPageRoutes(app, { pages, store, rules, frameAncestors: config.frameAncestors, development: config.development });
  return app;
}

function configuredDrive(app: FastifyInstance, options: AppOptions): DriveConnection | null {
  const { config, db } = options;
  if (!config.drive) {
    app.log.warn('no drive provider configured (DRIVE_CLIENT_ID); drive routes answer 501');
    return null;
  }
  return createDriveConnection({ setup: config.drive, db, appSecret: config.appSecret, log: app.log, now: options.now, retryPolicy: options.driveRetryPolicy });
}

/** A deleted widget's drive grant is revoked (when the provider answers) and its tokens deleted. */
function forgetDriveGrant(drive: DriveConnection) {
  return async (key: SettingsKey, request: FastifyRequest): Promise<void> => {
    const { revoked, problem } = await drive.grants.forget(key);
    if (problem) request.log.warn({ problem }, 'drive grant of a deleted widget deleted without revocation');
    else if (revoked) request.log.info('drive grant of a deleted widget revoked');
  };
}
