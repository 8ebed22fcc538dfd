/**
 * `npm run serve`'s entry: the server as `main.ts` starts it, and, in development when no provider
 * credentials are set (no DRIVE_CLIENT_ID), the fake drive provider (./fakeDrive) on localhost with
 * the server's drive configuration pointed at it. Development only: `npm run serve` compiles this
 * folder with the server (`npm run build:serve`, server/tsconfig.dev.json, into .data/server-dev)
 * and runs the output with plain node; the production build (`npm run build:server`) neither
 * compiles nor contains this folder, and the server's own code never imports it (the lint says so).
 *
 *   FAKE_DRIVE_PORT      the fake provider's port (default: a free one)
 *   FAKE_DRIVE_LATENCY_MS  a delay on each of its answers (default 0)
 *
 * Likewise, in development without TOKEN_INFO_URL, it starts the fake token-info
 * (./fakeTokenInfo.ts) and points the server's access token check at it, for APP_ID (default: the
 * development app id). Its tokens are minted over HTTP, never printed.
 *
 *   FAKE_TOKEN_INFO_PORT  the fake token-info's port (default: a free one)
 */
import path from 'node:path';
import { DEV_APP_ID } from '../src/devSecret';
import { startFakeDrive } from './fakeDrive/fakeDrive';
import { startFakeTokenInfo } from './fakeTokenInfo';

async function startTokenInfo(): Promise<void> {
  const appId = process.env.APP_ID || DEV_APP_ID;
  // The local stage's current editor hands out tokens of its own making (mirage/fakeTokenInfo.ts): answered too.
  const fake = await startFakeTokenInfo({ appId, port: Number(process.env.FAKE_TOKEN_INFO_PORT || 0), answersStageTokens: true });
  Object.assign(process.env, { APP_ID: appId, TOKEN_INFO_URL: fake.url });
  console.log(`Fake token-info at ${fake.url} (a token: POST ${fake.origin}/__fake/issue with {"subjectType": "USER"} or "VISITOR")`);
}

async function start(): Promise<void> {
  const development = process.env.NODE_ENV === 'development' || process.env.NODE_ENV === 'test';
  if (development && !process.env.DRIVE_CLIENT_ID) {
    const host = process.env.HOST || 'localhost';
    const port = process.env.PORT || '3000';
    const fake = await startFakeDrive({ port: Number(process.env.FAKE_DRIVE_PORT || 0), latencyMs: Number(process.env.FAKE_DRIVE_LATENCY_MS || 0) });
    Object.assign(process.env, {
      DRIVE_CLIENT_ID: fake.clientId,
      DRIVE_CLIENT_SECRET: fake.clientSecret,
      DRIVE_REDIRECT_URI: `http://${host}:${port}/api/oauth/callback`,
      DRIVE_AUTH_URL: fake.endpoints.authorizeUrl,
      DRIVE_TOKEN_URL: fake.endpoints.tokenUrl,
      DRIVE_REVOKE_URL: fake.endpoints.revokeUrl,
      DRIVE_API_URL: fake.endpoints.driveApiUrl,
    });
    console.log(`Fake drive provider at ${fake.url} (switches: POST ${fake.url}/__fake/control)`);
  }
  if (development && !process.env.TOKEN_INFO_URL) await startTokenInfo();
  // Loaded after the environment is set: main.ts reads it when it starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.join(__dirname, '../src/main'));
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? `Could not start: ${error.message}` : error);
  process.exit(1);
});
