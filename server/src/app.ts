/**
 * The server as a Fastify instance, built from its plugins; `main.ts` opens the database and
 * listens, tests call `inject`. Closing the app closes the database.
 *
 * Cross-cutting plugins first (http/): request ids, the graceful shutdown's bookkeeping, security headers, the route rules (every route
 * declares its schema), errors (JSON `{error, message}`, 404 and 405), bodies (none unless a route
 * group takes some), access (`config.access`), the write limit (`config.writeLimit`, counted in the
 * database for the whole fleet) and the metrics. Then the routes, one plugin per group: health and
 * readiness, settings, drive, OAuth callback, pages. A database that cannot answer makes a route 503. Route schemas are
 * valibot (http/typeProvider.ts).
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { createSettingsStore, type SettingsKey } from './db/settingsStore';
import { createDriveConnection, type DriveConnection } from './drive/driveConnection';
import type { RetryPolicy } from './drive/resilientFetch';
import { driveRoutes } from './api/driveRoutes';
import { healthRoute } from './api/health';
import { oauthCallbackRoute } from './api/oauthCallback';
import { settingsRoutes } from './api/settingsRoutes';
import access from './http/access';
import bodies from './http/bodies';
import { serverTimeouts } from './http/connectionLimits';
import errors from './http/errors';
import { loggerOptions, requestId, requestIdHeader } from './http/logging';
import routeRules from './http/routeRules';
import { createTokenVerifier, type TokenVerifier } from './http/tokenInfo';
import securityHeaders from './http/security';
import shutdown from './http/shutdown';
import { serializerCompiler, validatorCompiler, type RoutesPlugin } from './http/typeProvider';
import metrics from './http/metrics';
import writeLimit from './http/writeLimit';
import { createWriteLimitStore } from './db/writeLimitStore';
import { loadBuiltPages, type BuiltPages } from './pages/builtPages';
import { pageRoutes } from './pages/pageRoutes';
import { createSettingsLifecycle } from './sweep/settingsLifecycle';
import { createConnectTickets } from './oauth/connectTicket';
import { createPendingAuthorizations } from './db/driveTokenStore';
import { createSettingsSweeper, type SettingsSweeper } from './sweep/settingsSweeper';
import { createContentStore } from './native/contentStore';
import { createDriveContent } from './native/driveContent';
import { imageRoute } from './native/imageRoute';
import { createImageSignatures } from './native/imageSignature';
import { NativeContent } from './native/nativeContent';
import { createOwnerRenders } from './native/ownerRenders';
import { createRenderFailures } from './native/renderFailures';
import { contentRoute } from './api/contentRoute';
import { elementContentRoute } from './api/elementContentRoute';
import type { PdfRenderer } from './render/pdfPages';
import { createRenderPool, type Renderer } from './render/renderPool';

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
  /** The access token check; default: token-info of config.tokens. */
  tokens?: TokenVerifier;
  /** Replaces the drive's routes (a browser test plays a drive of its own). Default: the drive of config.drive, 501 without one. */
  driveRoutes?: RoutesPlugin;
  /** Renders native content (default: a worker of the compiled server); tests run one from source. */
  renderer?: Renderer;
  /** Draws PDFs' pages (default: poppler with the real limits, pdfPages.ts); a test of the page limit's cut passes a smaller one. */
  pdfRenderer?: PdfRenderer;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestId,
    bodyLimit: config.bodyLimitBytes,
    ...serverTimeouts(config.connectionLimits),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => db.close());

  await app.register(requestIdHeader);
  await app.register(shutdown);
  await app.register(securityHeaders);
  await app.register(routeRules);
  await app.register(errors);
  await app.register(bodies, { accept: [] });
  const tokens = options.tokens ?? createTokenVerifier({ setup: config.tokens, now: options.now });
  const tickets = createConnectTickets(createPendingAuthorizations(db), options.now);
  const rules = { secret: config.appSecret, maxAgeSeconds: config.instanceMaxAgeSeconds, now: options.now, verifiedBytes: config.cacheBytes.instances };
  await app.register(access, { rules, tokens, tickets });
  await app.register(metrics, { db, token: config.metricsToken, tokenInfo: () => app.accessTokenCounts() });
  await app.register(writeLimit, {
    ...config.writeRateLimit,
    store: createWriteLimitStore(db),
    onRefused: (route) => app.metrics.writeLimitRefusals.inc({ route }),
  });

  const lifecycle = createSettingsLifecycle(db, app.log, options.now);
  const store = lifecycle.tracked(createSettingsStore(db));
  const drive = options.driveRoutes ? null : configuredDrive(app, options);
  const sweeper = createSettingsSweeper({
    db,
    config: config.sweep,
    log: app.log,
    onRemoved: drive ? forgetSweptGrant(drive, app) : undefined,
    now: options.now,
  });
  app.decorate('settingsSweeper', sweeper);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  await app.register(healthRoute, { db, draining: () => app.shutdown.draining });
  await app.register(settingsRoutes, { store, onDeleted: drive ? forgetDriveGrant(drive) : undefined, deletions: lifecycle });
  const native = drive ? nativeContent(app, options, drive) : null;
  if (options.driveRoutes) await app.register(options.driveRoutes);
  else {
    await app.register(driveRoutes, { connection: drive, tickets, sharing: native });
    await app.register(oauthCallbackRoute, { connection: drive, settings: store });
  }
  await app.register(contentRoute, { store, native });
  await app.register(elementContentRoute, { store, native });
  const signatures = createImageSignatures(config.appSecret, options.now);
  await app.register(imageRoute, { store: createContentStore(db), signatures });
  const pages = options.pages !== undefined ? options.pages : loadBuiltPages(config.pagesDir);
  if (!pages) app.log.warn({ pagesDir: config.pagesDir }, 'no built pages found; page routes answer 503 until `npm run build`');
  const cacheBytes = { pageBytes: config.cacheBytes.pages, modelBytes: config.cacheBytes.models };
  await app.register(pageRoutes, { pages, store, native, signatures, frameAncestors: config.frameAncestors, development: config.development, cacheBytes });
  return app;
}

function configuredDrive(app: FastifyInstance, options: AppOptions): DriveConnection | null {
  const { config, db } = options;
  if (!config.drive) {
    app.log.warn('no drive provider configured (DRIVE_CLIENT_ID); drive routes answer 501');
    return null;
  }
  return createDriveConnection({
    setup: config.drive,
    db,
    appSecret: config.appSecret,
    log: app.log,
    now: options.now,
    retryPolicy: options.driveRetryPolicy,
    counters: app.metrics,
  });
}

/** A swept widget's drive grant, as a deleted one's; a grant that could not be deleted is retried by the next sweep. */
function forgetSweptGrant(drive: DriveConnection, app: FastifyInstance) {
  return async (key: SettingsKey): Promise<void> => {
    const { problem } = await drive.grants.forget(key);
    if (problem) app.log.warn({ problem, compId: key.compId }, 'drive grant of a swept widget deleted without revocation');
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings sweeper (sweep/settingsSweeper.ts): tests and operators may run a sweep now. */
    settingsSweeper: SettingsSweeper;
  }
}

/** Documents, images and text shown as part of the page (issue 20), rendered in a worker. */
function nativeContent(app: FastifyInstance, options: AppOptions, drive: DriveConnection): NativeContent | null {
  const setup = options.config.drive;
  if (!setup) return null;
  const { renderWorkers, renderQueueLimit, renderTimeoutMs } = options.config;
  const renderer = options.renderer ?? createRenderPool({ workers: renderWorkers, queueLimit: renderQueueLimit, timeoutMs: renderTimeoutMs });
  app.addHook('onClose', async () => renderer.close());
  const http = { policy: options.driveRetryPolicy };
  const driveContent = createDriveContent(setup.provider.driveApiUrl, http);
  return new NativeContent({
    store: createContentStore(options.db),
    grants: drive.grants,
    service: drive.service,
    drive: driveContent,
    renderer,
    pdfRenderer: options.pdfRenderer,
    failures: createRenderFailures(options.db),
    ownerRenders: createOwnerRenders(options.db),
    log: app.log,
    checkIntervalMs: options.config.nativeCheckIntervalMs,
  });
}

/** A deleted widget's drive grant is revoked (when the provider answers) and its tokens deleted. */
function forgetDriveGrant(drive: DriveConnection) {
  return async (key: SettingsKey, request: FastifyRequest): Promise<void> => {
    const { revoked, problem } = await drive.grants.forget(key);
    if (problem) request.log.warn({ problem }, 'drive grant of a deleted widget deleted without revocation');
    else if (revoked) request.log.info('drive grant of a deleted widget revoked');
  };
}
