/**
 * Once for all browser tests: starts the production builds their files declare in the background
 * (sharedBuilds.ts), one Chromium per worker (browser.ts), and the same development server
 * `npm start` runs (the editor stage against the Mirage drive) on a free port, whose address
 * reaches the tests as E2E_BASE_URL; and the cached new PGlite cluster the tests' servers start from.
 */
import { prepareClusterCaches } from '../../server/test/support/pgliteCluster';
import { startBrowserServers } from './browser';
import { declaredBuilds, startSharedBuilds } from './sharedBuilds';
import { startStageServer } from './stageServer';

interface Stoppable {
  stop(): Promise<void>;
}

export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const state = globalThis as { __SHARED_BUILDS__?: Stoppable; __BROWSERS__?: Array<{ close(): Promise<void> }>; __STAGE_SERVER__?: Stoppable };
  state.__SHARED_BUILDS__ = startSharedBuilds(declaredBuilds());
  // As many as the workers that may run browser test files at once (testSequencer.js counts them).
  const files = Number(process.env.E2E_TEST_FILES ?? globalConfig.maxWorkers);
  const browsers = startBrowserServers(Math.max(1, Math.min(globalConfig.maxWorkers, files))).then((b) => (state.__BROWSERS__ = b));
  const clusters = prepareClusterCaches();
  const server = await startStageServer();
  process.env.E2E_BASE_URL = server.url;
  state.__STAGE_SERVER__ = server;
  await Promise.all([browsers, clusters]);
}
