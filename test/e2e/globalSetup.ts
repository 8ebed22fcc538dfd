/**
 * Starts the same development server `npm start` runs (the editor stage against the Mirage drive)
 * on a free port, once for all browser tests. Its address reaches the tests as E2E_BASE_URL.
 */
import { startStageServer } from './stageServer';

export default async function globalSetup(): Promise<void> {
  const server = await startStageServer();
  process.env.E2E_BASE_URL = server.url;
  (globalThis as { __STAGE_SERVER__?: { stop(): Promise<void> } }).__STAGE_SERVER__ = server;
}
