/**
 * Webpack's persistent cache for the pages the browser tests build (buildPages.js, the stage
 * server): in node_modules/.cache/webpack-e2e, one per kind of build. A run whose sources did not
 * change since the last reuses its modules, minified code and source maps (the production build:
 * about 30 s of CPU on two cores, under 5 s from the cache); what changed is built again, and the
 * output is the same as a fresh build's. Files are told changed by their content, not their
 * timestamps (a checkout that restores an older file is seen); the webpack configuration, this
 * file, the lock file (the packages' versions) and WIX_SDK_VERSION are part of the key.
 */
const path = require('path');

const root = path.resolve(__dirname, '../..');
const byContent = { hash: true, timestamp: false };

/** The `cache` and `snapshot` options of a build of this kind. */
function webpackCache(name) {
  return {
    cache: {
      type: 'filesystem',
      name,
      cacheDirectory: path.join(root, 'node_modules/.cache/webpack-e2e'),
      version: `sdk ${process.env.WIX_SDK_VERSION ?? ''}`,
      buildDependencies: { config: [path.join(root, 'webpack.config.js'), path.join(__dirname, 'webpackCache.js'), path.join(root, 'package-lock.json')] },
    },
    snapshot: { module: byContent, resolve: byContent, buildDependencies: byContent, resolveBuildDependencies: byContent },
  };
}

module.exports = { webpackCache };
