/**
 * The drive connection's parts, built once per server from its configuration and database:
 * the grants (sealed tokens in `drive_tokens`), the OAuth flow (pending states in
 * `oauth_pending`, granted tokens held for their panel in `oauth_pending_grants`) and the drive service the routes call. Retries are logged without URLs,
 * headers or bodies, so no token can reach a log line.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createDriveTokenStore, createPendingAuthorizations, createPendingGrantStore, type SqlQueryable } from '../db/driveTokenStore';
import { PendingGrants } from '../oauth/pendingGrants';
import { ConnectFlow } from '../oauth/connectFlow';
import { DriveGrants } from '../oauth/grants';
import { createDriveClient } from './driveClient';
import type { DriveSetup } from './driveConfig';
import { DriveService } from './driveService';
import type { CallOptions, RetryPolicy } from './resilientFetch';
import type { ServerMetrics } from '../http/metrics';

export interface DriveConnection {
  /** The operator's mode (DRIVE_ACCESS) and, in picker mode, the Picker's configuration. */
  access: DriveSetup['access'];
  picker: DriveSetup['picker'];
  flow: ConnectFlow;
  grants: DriveGrants;
  service: DriveService;
}

export interface DriveConnectionOptions {
  setup: DriveSetup;
  db: SqlQueryable;
  appSecret: string;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Tests shorten the waits. */
  retryPolicy?: Partial<RetryPolicy>;
  /** Counts calls and retries (the metrics). */
  counters?: Pick<ServerMetrics, 'driveCalls' | 'driveRetries'>;
}

export function createDriveConnection(options: DriveConnectionOptions): DriveConnection {
  const { setup, db, appSecret, log, now, counters } = options;
  const http: CallOptions = {
    policy: options.retryPolicy,
    onRetry: (report) => {
      counters?.driveRetries.inc({ reason: report.status === null ? report.reason : String(report.status) });
      log.warn({ attempt: report.attempt, status: report.status, waitMs: report.waitMs, reason: report.reason }, 'drive call retried');
    },
    onFinished: (outcome) => counters?.driveCalls.inc({ outcome }),
  };
  const grants = new DriveGrants({ store: createDriveTokenStore(db), cipher: setup.cipher, provider: setup.provider, http, now });
  const held = new PendingGrants({ store: createPendingGrantStore(db), cipher: setup.cipher, now });
  const flow = new ConnectFlow({ appSecret, provider: setup.provider, pending: createPendingAuthorizations(db), held, grants, http, now });
  const service = new DriveService(grants, createDriveClient({ baseUrl: setup.provider.driveApiUrl, http }));
  return { access: setup.access, picker: setup.picker, flow, grants, service };
}
