/**
 * The server's drive pieces wired to a fake provider, for tests: one call gives the fake, the
 * grants, the connect flow and the drive service, with retries that wait on a fake clock.
 */
import { randomBytes } from 'node:crypto';
import { parseTokenKey, TokenCipher } from '../../src/crypto/tokenCipher';
import { createDriveClient } from '../../src/drive/driveClient';
import { DriveService } from '../../src/drive/driveService';
import type { CallOptions } from '../../src/drive/resilientFetch';
import { ConnectFlow } from '../../src/oauth/connectFlow';
import { DriveGrants, memoryGrantStore, type GrantKey } from '../../src/oauth/grants';
import { DRIVE_SCOPES, type ProviderConfig } from '../../src/oauth/provider';
import { memoryPendingAuthorizations } from '../../src/oauth/state';
import { memoryPendingGrantStore, PendingGrants } from '../../src/oauth/pendingGrants';
import { startFakeDrive, type FakeDrive, type FakeDriveOptions } from '../../dev/fakeDrive/fakeDrive';

export const REDIRECT_URI = 'http://localhost:3999/api/oauth/callback';
export const APP_SECRET = 'test-app-secret';

export interface DriveHarness {
  fake: FakeDrive;
  provider: ProviderConfig;
  store: ReturnType<typeof memoryGrantStore>;
  /** Grants between the callback and the panel's completion. */
  held: ReturnType<typeof memoryPendingGrantStore>;
  cipher: TokenCipher;
  grants: DriveGrants;
  flow: ConnectFlow;
  service: DriveService;
  /** Waits the retry logic asked for (it never really sleeps). */
  waits: number[];
  stop(): Promise<void>;
}

export function providerConfigFor(fake: FakeDrive, redirectUri = REDIRECT_URI): ProviderConfig {
  const { pickerScriptUrl: _picker, ...endpoints } = fake.endpoints;
  return { ...endpoints, clientId: fake.clientId, clientSecret: fake.clientSecret, redirectUri, scopes: DRIVE_SCOPES };
}

export function fastRetries(waits: number[]): CallOptions {
  return { policy: { timeoutMs: 2000, baseDelayMs: 100, maxDelayMs: 1000, deadlineMs: 60_000, random: () => 0.5, sleep: async (ms) => void waits.push(ms) } };
}

export async function startDriveHarness(options: FakeDriveOptions & { cipher?: TokenCipher } = {}): Promise<DriveHarness> {
  const fake = await startFakeDrive({ redirectUris: [REDIRECT_URI], ...options });
  const provider = providerConfigFor(fake);
  const waits: number[] = [];
  const http = fastRetries(waits);
  const store = memoryGrantStore();
  const cipher = options.cipher ?? new TokenCipher(parseTokenKey(`k1:${randomBytes(32).toString('base64')}`));
  const grants = new DriveGrants({ store, cipher, provider, http });
  const held = memoryPendingGrantStore();
  const pendingGrants = new PendingGrants({ store: held, cipher });
  const flow = new ConnectFlow({ appSecret: APP_SECRET, provider, pending: memoryPendingAuthorizations(), held: pendingGrants, grants, http });
  const service = new DriveService(grants, createDriveClient({ baseUrl: provider.driveApiUrl, http }));
  return { fake, provider, store, held, cipher, grants, flow, service, waits, stop: () => fake.stop() };
}

/** Follows the consent page as a browser would: opens it, presses a button, returns the callback URL. */
export async function pressConsent(authorizeUrl: string, decision: 'allow' | 'deny'): Promise<URL> {
  const pageResponse = await fetch(authorizeUrl);
  const html = await pageResponse.text();
  if (pageResponse.status !== 200) throw new Error(`consent page answered ${pageResponse.status}: ${html}`);
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  if (!consent) throw new Error('no consent id on the page');
  const approve = new URL('/o/oauth2/approve', authorizeUrl);
  const answer = await fetch(approve, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent, decision }).toString(),
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`approve answered ${answer.status}`);
  return new URL(location);
}

/** Connects a widget through the whole flow (the callback, then the panel's completion); returns the widget key the callback named. */
export async function connectWidget(harness: DriveHarness, widget: GrantKey): Promise<GrantKey> {
  const { url, nonce } = await harness.flow.begin(widget);
  const callback = await pressConsent(url, 'allow');
  const granted = await harness.flow.complete({ code: callback.searchParams.get('code'), state: callback.searchParams.get('state') }, nonce);
  if (!(await harness.flow.bind(granted.completion, widget))) throw new Error('the completion did not bind');
  return granted.widget;
}

/** The path and selected query of every drive call the fake answered. */
export function driveCalls(fake: FakeDrive) {
  return fake.log.filter((c) => c.path.startsWith('/drive/v2/'));
}

export { startFakeDrive };
