/**
 * The server with its drive connected to the fake provider (server/dev/fakeDrive), on an in-memory
 * PGlite, its log lines captured, and the drive calls' retries shortened.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { parseTokenKey, TokenCipher } from '../../src/crypto/tokenCipher';
import type { Database } from '../../src/db/database';
import { FAKE_PICKER_API_KEY, FAKE_PICKER_APP_ID, startFakeDrive, type FakeDrive } from '../../dev/fakeDrive/fakeDrive';
import type { BuiltPages } from '../../src/pages/builtPages';
import type { PdfRenderer } from '../../src/render/pdfPages';
import type { Renderer } from '../../src/render/renderPool';
import { providerConfigFor } from './driveHarness';
import type { Config } from '../../src/config';
import { testConfig } from './testApp';
import type { DriveAccess } from '#client/contract/driveAccess';
import type { DriveSetup } from '../../src/drive/driveConfig';
import { SCOPES_OF_ACCESS } from '../../src/oauth/provider';

export const CALLBACK_URL = 'http://localhost/api/oauth/callback';

export interface DriveApp {
  app: FastifyInstance;
  fake: FakeDrive;
  /** The app's configuration (another instance on the same database takes its `drive`: the same provider and token key). */
  config: Config;
  logs(): string;
  /** Every answer's body and headers so far, for the no-token check. */
  answers(): string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The drive's setup on the fake provider, in a mode (picker mode with the fake's own Picker). */
export function driveSetupFor(fake: FakeDrive, cipher: TokenCipher, access: DriveAccess): DriveSetup {
  const provider = { ...providerConfigFor(fake, CALLBACK_URL), scopes: SCOPES_OF_ACCESS[access] };
  const picker = access === 'picker' ? { apiKey: FAKE_PICKER_API_KEY, appId: FAKE_PICKER_APP_ID, scriptUrl: fake.endpoints.pickerScriptUrl } : null;
  return { access, picker, provider, cipher };
}

/**
 * `more`: built pages, a renderer, a PDF renderer (e.g. with a smaller page limit), more of the
 * configuration (e.g. `tokens`, for the current model's access tokens) and the app's clock.
 */
export async function startDriveApp(
  db: Database,
  fake?: FakeDrive,
  more: { pages?: BuiltPages | null; renderer?: Renderer; pdfRenderer?: PdfRenderer; config?: Partial<Config>; now?: () => number; access?: DriveAccess } = {},
): Promise<DriveApp> {
  const provider = fake ?? (await startFakeDrive({ redirectUris: [CALLBACK_URL] }));
  const lines: string[] = [];
  const answers: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  const shared: Database = { ...db, close: async () => undefined };
  const cipher = new TokenCipher(parseTokenKey(`k1:${randomBytes(32).toString('base64')}`));
  const config = testConfig({
    writeRateLimit: { max: 1000, windowMs: 60_000 },
    drive: driveSetupFor(provider, cipher, more.access ?? 'browse'),
    ...more.config,
  });
  const app = await buildApp({
    config,
    db: shared,
    logStream: stream,
    pages: more.pages ?? null,
    renderer: more.renderer,
    pdfRenderer: more.pdfRenderer,
    now: more.now,
    driveRetryPolicy: { baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 2000, deadlineMs: 10_000 },
  });
  await app.ready();
  return {
    app,
    fake: provider,
    config,
    logs: () => lines.join(''),
    answers: () => answers.join('\n'),
    async inject(options: InjectOptions) {
      const response = await app.inject(options);
      answers.push(JSON.stringify(response.headers), response.body);
      return response;
    },
    async close() {
      await app.close();
      if (!fake) await provider.stop();
    },
  };
}
