/**
 * `npm run serve`'s entry: the server as `main.ts` starts it, and, in development, the fake drive
 * provider and the fake token-info where no real ones are configured (./fakeServices.ts), with the
 * server's configuration pointed at them. Development only: `npm run serve` compiles this folder
 * with the server (`npm run build:serve`, server/tsconfig.dev.json, into .data/server-dev) and runs
 * the output with plain node; the production build (`npm run build:server`) neither compiles nor
 * contains this folder, and the server's own code never imports it (the lint says so).
 */
import path from 'node:path';
import { startFakeServices } from './fakeServices';

async function start(): Promise<void> {
  const development = process.env.NODE_ENV === 'development' || process.env.NODE_ENV === 'test';
  if (development) {
    const origin = `http://${process.env.HOST || 'localhost'}:${process.env.PORT || '3000'}`;
    Object.assign(process.env, await startFakeServices(process.env, origin));
  }
  // Loaded after the environment is set: main.ts reads it when it starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.join(__dirname, '../src/main'));
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? `Could not start: ${error.message}` : error);
  process.exit(1);
});
