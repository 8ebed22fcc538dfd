/**
 * Builds pages for the browser tests, in a process of its own (started by the browser tests'
 * global setup, so the builds run beside the first tests): `node test/e2e/buildPages.js <kind> <outDir>`.
 * - production: exactly as `npm run build` builds;
 * - stage: the production pages with the stage, as `npm run serve` builds them, without source
 *   maps and unminified (the tests that serve them look at behaviour, not at the bundles' size).
 * - serve: the server and its development entry compiled as `npm run build:serve` compiles them
 *   (TypeScript, server/tsconfig.dev.json), so a test runs what `npm run serve` runs. Its folder must
 *   be inside the project (the compiled code finds node_modules and the fake drive's exports there).
 * The pages keep webpack's persistent cache (webpackCache.js): a run reuses what the last one built.
 */
const path = require('path');
const webpack = require('webpack');

const root = path.resolve(__dirname, '../..');
const makeConfig = require(path.join(root, 'webpack.config.js'));
const { webpackCache } = require('./webpackCache');

const [kind, outDir] = process.argv.slice(2);
if (kind === 'serve' && outDir) {
  const tsc = require.resolve('typescript/bin/tsc');
  const result = require('child_process').spawnSync(process.execPath, [tsc, '-p', 'server/tsconfig.dev.json', '--outDir', outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
const configs = {
  production: () => ({ ...makeConfig({ outDir }, { mode: 'production' }), context: root, ...webpackCache('production') }),
  stage: () => {
    const config = makeConfig({ stage: 'true', outDir }, { mode: 'production' });
    return { ...config, context: root, devtool: false, optimization: { ...config.optimization, minimize: false }, ...webpackCache('stage') };
  },
};
if (!configs[kind] || !outDir) {
  console.error(`usage: node test/e2e/buildPages.js <${[...Object.keys(configs), 'serve'].join('|')}> <outDir>`);
  process.exit(2);
}
webpack(configs[kind](), (err, stats) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  if (stats.hasErrors()) {
    console.error(stats.toString('errors-only'));
    process.exit(1);
  }
  process.exit(0);
});
