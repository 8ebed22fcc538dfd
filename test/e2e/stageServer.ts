import { createServer } from 'net';
import path from 'path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';

const root = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startStageServer(): Promise<{ url: string; stop(): Promise<void> }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const makeConfig = require(path.join(root, 'webpack.config.js')) as (env: object, argv: object) => webpack.Configuration;
  // Without source maps (the tests read none): each page load in a fresh browser context compiles
  // about a tenth less. With webpack's persistent cache (webpackCache.js): a run reuses the
  // modules the last one compiled.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { webpackCache } = require('./webpackCache') as { webpackCache(name: string): Pick<webpack.Configuration, 'cache' | 'snapshot'> };
  const config = { ...makeConfig({}, { mode: 'development' }), devtool: false as const, ...webpackCache('development') };
  const port = await freePort();
  const compiler = webpack({ ...config, context: root, infrastructureLogging: { level: 'warn' }, stats: 'errors-only' });
  // Uncompressed: over the loopback, gzip only costs both ends CPU (about 4 s a run here).
  const server = new WebpackDevServer({ ...config.devServer, port, liveReload: false, client: false, webSocketServer: false, compress: false }, compiler);
  await server.start();
  await new Promise<void>((resolve, reject) =>
    compiler.hooks.done.tap('e2e', (stats) => (stats.hasErrors() ? reject(new Error(stats.toString('errors-only'))) : resolve())),
  );
  return { url: `http://localhost:${port}`, stop: () => server.stop() };
}
