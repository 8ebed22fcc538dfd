/**
 * Once for all browser tests: starts the production builds they share in the background
 * (sharedBuilds.ts), and the same development server `npm start` runs (the editor stage against
 * the Mirage drive) on a free port, whose address reaches the tests as E2E_BASE_URL.
 */
import { startSharedBuilds } from './sharedBuilds';
import { startStageServer } from './stageServer';

export default async function globalSetup(): Promise<void> {
  const builds = startSharedBuilds();
  (globalThis as { __SHARED_BUILDS__?: { stop(): Promise<void> } }).__SHARED_BUILDS__ = builds;
  const server = await startStageServer();
  process.env.E2E_BASE_URL = server.url;
  (globalThis as { __STAGE_SERVER__?: { stop(): Promise<void> } }).__STAGE_SERVER__ = server;
}
