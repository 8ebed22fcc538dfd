/**
 * Two pages ship: the settings panel (settings.html) and the widget view (widget.html; a visitor's
 * copy, widget-site.html, whose script has no React: the server sends it in the site view).
 * Development adds the local editor stage (stage/, served at /) and the mock drive's
 * authenticate and Picker pages, and runs the Mirage backend (mirage/pageEntry.ts) ahead of each page's own
 * entry. The product code never imports stage/ or mirage/, so no Mirage code reaches dist/.
 * `--env stage` adds the stage to a build without the mock: the real server (server/) serves it in
 * development, where its frames talk to the server's routes.
 */
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The platform's legacy iframe SDK (global `Wix`), loaded by the shipped pages before the app's
 * module script, deferred (src/page.html): the parser never waits for the platform's host. The
 * version is pinned here, and only here; a build may override it with the environment variable
 * WIX_SDK_VERSION (or `--env wixSdkVersion=…`).
 */
const WIX_SDK_VERSION = '1.300.0';

/**
 * A page's HTML (the shipped pages': src/page.html) with its title and, where the editor is the
 * platform's, the SDK's script. Deferred: the parser never waits for the platform's host (the
 * server-rendered widget shows its file at once); deferred and module scripts run in document
 * order once the page is parsed, so window.Wix is there when the page's own module script starts.
 * Filled here rather than by a template loader: its templates use `with`, which module output
 * (strict mode) does not allow.
 */
function pageHtml(file, title, sdkUrl) {
  const html = fs.readFileSync(file, 'utf8');
  const sdk = sdkUrl ? `<script defer src="${sdkUrl}"></script>` : '';
  return html.replace('{{title}}', title).replace('<!-- the platform SDK -->', sdk);
}

function wixSdkUrl(env) {
  const version = process.env.WIX_SDK_VERSION || env.wixSdkVersion || WIX_SDK_VERSION;
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`WIX_SDK_VERSION must look like 1.300.0, got "${version}"`);
  return `https://static.parastorage.com/services/js-sdk/${version}/js/wix.min.js`;
}

/**
 * The custom element's scripts begin with V8's explicit compile hint (Chrome 136 and later): the
 * browser compiles all their functions at once, while the script streams in, off the main thread,
 * rather than each on its first call, on the main thread. Almost all of them run before the
 * element's first paint. Elsewhere the hint is a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const HINTED_CHUNKS = new Set(['element', 'element-native']);

const elementCompileHint = {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ElementCompileHint', (compilation) => {
      // After minifying (which drops comments), before the source maps (which then count the line).
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1;
      compilation.hooks.processAssets.tap({ name: 'ElementCompileHint', stage }, () => {
        for (const chunk of compilation.chunks)
          if (HINTED_CHUNKS.has(chunk.name))
            for (const file of chunk.files)
              if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
      });
    });
  },
};

module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode || env.mode || 'production';
  const dev = mode === 'development';
  const mock = dev || env.mock === true || env.mock === 'true';
  const stage = mock || env.stage === true || env.stage === 'true';
  // The stage (development, stage and mock builds) plays the editor itself, with its own adapter.
  const sdkUrl = stage ? null : wixSdkUrl(env);
  // Mirage's pages of a PDF or a presentation are drawn by the dev server (stage/pageImages.js), with poppler when it is there:
  // why not, for Mirage to say so.
  const noPageImages = !mock ? '' : dev ? require('./stage/pageImages.js').popplerMissing() : 'only the development server (npm start) draws them';
  const withMock = (entry) => (mock ? ['./mirage/pageEntry.ts', entry] : entry);
  const page = (filename, chunk, title, template, extra = {}) =>
    new HtmlWebpackPlugin({
      filename,
      chunks: [chunk],
      title,
      templateContent: () => pageHtml(template || path.resolve(__dirname, 'src/page.html'), title, 'sdkUrl' in extra ? extra.sdkUrl : sdkUrl),
      scriptLoading: 'module',
      sdkUrl,
      ...extra,
    });

  return {
    mode,
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    entry: {
      settings: withMock('./src/settings/main.tsx'),
      widget: withMock('./src/widget/main.ts'),
      // The widget page's script in the site view (no React): the server sends a visitor widget-site.html.
      visitor: './src/widget/visitor/main.ts',
      // The custom element: no page of its own, a script the platform loads into the site's pages
      // (another origin): its chunks, and its calls to our server, follow its own URL ('auto').
      element: { import: './src/element/main.ts', publicPath: 'auto' },
      ...(stage ? { stage: './stage/entry.ts', stageCurrent: withMock('./stage/current/entry.ts') } : {}),
      ...(mock ? { mockAuth: './mirage/authenticateEntry.ts', mockPicker: './stage/pickerEntry.ts' } : {}),
    },
    output: {
      path: path.resolve(__dirname, env.outDir || 'dist'),
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].chunk.js' : '[name].[contenthash:8].chunk.js',
      // Chunks (a language's texts) load beside the page, as its own script does (the pages
      // name their scripts relative to themselves): no run-time public-path detection needed.
      publicPath: '',
      clean: true,
      module: true,
      chunkLoading: 'import',
      chunkFormat: 'module',
    },
    experiments: { outputModule: true },
    // `#client/…` is src/… (package.json "imports"): the fake provider's files the stage shares use it.
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { '#client': path.resolve(__dirname, 'src') } },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { sourceMap: true } } },
        },
        // A file imported with `?raw` is its text (the fake drive's exports, which Mirage renders: in the mock's bundle only).
        // By query, not by extension: a rule for `.html` would change how the pages' HTML is built.
        { resourceQuery: /^\?raw$/, type: 'asset/source' },
      ],
    },
    plugins: [
      elementCompileHint,
      // The stage shows the mock backend's switches only when the mock runs.
      new webpack.DefinePlugin({
        'process.env.STAGE_MOCK_BACKEND': JSON.stringify(String(mock)),
        'process.env.WIX_SDK_URL': JSON.stringify(sdkUrl ?? ''),
        'process.env.STAGE_NO_PAGE_IMAGES': JSON.stringify(noPageImages),
      }),
      page('settings.html', 'settings', 'Drive File Widget settings'),
      page('widget.html', 'widget', 'Drive File Widget'),
      // A visitor's page names no SDK: its script loads it after the first paint (src/widget/visitor/main.ts).
      page('widget-site.html', 'visitor', 'Drive File Widget', undefined, { sdkUrl: null }),
      ...(stage
        ? [
            page('index.html', 'stage', 'Drive File Widget — local editor stage', path.resolve(__dirname, 'index.html')),
            // The current editor's stage: its canvas holds the real custom element (with Mirage, for the
            // element's own calls, when the mock runs). Without the mock (the real server) the stage
            // loads the element as the platform does, from the server's /drive-file-widget.js.
            page('current.html', 'stageCurrent', 'Drive File Widget — local editor stage (current editor)', path.resolve(__dirname, 'index.html'), {
              chunks: mock ? ['stageCurrent', 'element'] : ['stageCurrent'],
            }),
          ]
        : []),
      ...(mock
        ? [
            // Served at /api/authenticate, so its script is addressed from the root.
            page('mock-authenticate.html', 'mockAuth', 'Connect your drive', path.resolve(__dirname, 'mirage/authenticate.html'), { publicPath: '/' }),
            // Picker mode's popup, served at /api/picker (the Picker over the mock drive).
            page('mock-picker.html', 'mockPicker', 'Choose a file', path.resolve(__dirname, 'mirage/picker.html'), { publicPath: '/' }),
          ]
        : []),
    ],
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT) || 8080,
      host: 'localhost',
      static: false,
      hot: false,
      liveReload: true,
      client: { overlay: { warnings: false, errors: true } },
      // The image route of Mirage's pages (mirage/nativePages.ts), drawn on request.
      setupMiddlewares: (middlewares) =>
        mock
          ? [{ name: 'stage-page-images', path: '/content/images', middleware: require('./stage/pageImages.js').pageImages() }, ...middlewares]
          : middlewares,
      historyApiFallback: {
        rewrites: [
          { from: /^\/api\/authenticate/, to: '/mock-authenticate.html' },
          { from: /^\/api\/picker$/, to: '/mock-picker.html' },
        ],
      },
    },
  };
};

module.exports.WIX_SDK_VERSION = WIX_SDK_VERSION;
