/**
 * Once for all browser tests: starts the production builds they share in the background
 * (sharedBuilds.ts), the Chromium they share (browser.ts), and the same development server
 * `npm start` runs (the editor stage against the Mirage drive) on a free port, whose address
 * reaches the tests as E2E_BASE_URL.
 */
import { startBrowserServer } from './browser';
import { startSharedBuilds } from './sharedBuilds';
import { startStageServer } from './stageServer';

export default async function globalSetup(): Promise<void> {
  const state = globalThis as {
    __SHARED_BUILDS__?: { stop(): Promise<void> };
    __BROWSER__?: { close(): Promise<void> };
    __STAGE_SERVER__?: { stop(): Promise<void> };
  };
  state.__SHARED_BUILDS__ = startSharedBuilds();
  const [browser, server] = await Promise.all([startBrowserServer(), startStageServer()]);
  state.__BROWSER__ = browser;
  process.env.E2E_BASE_URL = server.url;
  state.__STAGE_SERVER__ = server;
}
