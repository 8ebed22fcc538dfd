/**
 * The development stand-ins for the services the server calls, started on localhost: the fake
 * drive provider (./fakeDrive), when no provider credentials are set (no DRIVE_CLIENT_ID), and the
 * fake token-info (./fakeTokenInfo.ts), when no TOKEN_INFO_URL is set. Answers the environment
 * that points a server at them; `npm run serve` (one process) and `npm run fleet` (instances
 * sharing one of each) both start them here.
 *
 *   FAKE_DRIVE_PORT        the fake provider's port (default: a free one)
 *   FAKE_DRIVE_LATENCY_MS  a delay on each of its answers (default 0)
 *   FAKE_TOKEN_INFO_PORT   the fake token-info's port (default: a free one)
 */
import { DEV_APP_ID } from '../src/devSecret';
import { FAKE_PICKER_API_KEY, FAKE_PICKER_APP_ID, startFakeDrive } from './fakeDrive/fakeDrive';
import { startFakeTokenInfo } from './fakeTokenInfo';

type Env = Record<string, string | undefined>;

/** `publicOrigin`: where the owner's browser reaches the server (the OAuth callback's origin). */
export async function startFakeServices(env: Env, publicOrigin: string): Promise<Record<string, string>> {
  const added: Record<string, string> = {};
  if (!env.DRIVE_CLIENT_ID) {
    const fake = await startFakeDrive({ port: Number(env.FAKE_DRIVE_PORT || 0), latencyMs: Number(env.FAKE_DRIVE_LATENCY_MS || 0) });
    Object.assign(added, {
      DRIVE_CLIENT_ID: fake.clientId,
      DRIVE_CLIENT_SECRET: fake.clientSecret,
      DRIVE_REDIRECT_URI: `${publicOrigin}/api/oauth/callback`,
      DRIVE_AUTH_URL: fake.endpoints.authorizeUrl,
      DRIVE_TOKEN_URL: fake.endpoints.tokenUrl,
      DRIVE_REVOKE_URL: fake.endpoints.revokeUrl,
      DRIVE_API_URL: fake.endpoints.driveApiUrl,
      // DRIVE_ACCESS=picker: the fake provider's own Picker, with its key and app id.
      PICKER_API_KEY: env.PICKER_API_KEY || FAKE_PICKER_API_KEY,
      PICKER_APP_ID: env.PICKER_APP_ID || FAKE_PICKER_APP_ID,
      PICKER_SCRIPT_URL: env.PICKER_SCRIPT_URL || fake.endpoints.pickerScriptUrl,
    });
    console.log(`Fake drive provider at ${fake.url} (switches: POST ${fake.url}/__fake/control)`);
  }
  if (!env.TOKEN_INFO_URL) {
    const appId = env.APP_ID || DEV_APP_ID;
    // The local stage's current editor hands out tokens of its own making (mirage/fakeTokenInfo.ts): answered too.
    const fake = await startFakeTokenInfo({ appId, port: Number(env.FAKE_TOKEN_INFO_PORT || 0), answersStageTokens: true });
    Object.assign(added, { APP_ID: appId, TOKEN_INFO_URL: fake.url });
    console.log(`Fake token-info at ${fake.url} (a token: POST ${fake.origin}/__fake/issue with {"subjectType": "USER"} or "VISITOR")`);
  }
  return added;
}
