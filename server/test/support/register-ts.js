/**
 * Lets a child process of the tests run the server's TypeScript as it is (no build):
 * `node -r ./server/test/support/register-ts.js server/src/main.ts`. Transpile only, CommonJS.
 * The tests start many such processes: each file's output is kept in node_modules/.cache,
 * under a hash of its text, the options and the TypeScript version, and TypeScript itself is
 * only loaded when a file is not there yet.
 * The server's `#client/…` imports (package.json "imports", which names the compiled `.js` files)
 * are read here from the client's TypeScript in src/, as Jest's moduleNameMapper reads them.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const projectRoot = path.resolve(__dirname, '../../..');
const clientSource = path.join(projectRoot, 'src');
const cacheDir = path.join(projectRoot, 'node_modules/.cache/register-ts');
const tsVersion = require('typescript/package.json').version;
let ts;
let options;

function transpile(source, filename) {
  if (!ts) {
    ts = require('typescript');
    options = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true, sourceMap: false };
  }
  return ts.transpileModule(source, { compilerOptions: options, fileName: filename }).outputText;
}

function compiled(filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto.createHash('sha256').update(`${tsVersion}\0commonjs es2022 react-jsx\0${filename}\0${source}`).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    const output = transpile(source, filename);
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      // Written aside, then renamed: a process reading at the same time sees all of it or nothing.
      const partial = `${cached}.${process.pid}`;
      fs.writeFileSync(partial, output);
      fs.renameSync(partial, cached);
    } catch {
      // No cache here (read-only tree): transpiled each time.
    }
    return output;
  }
}

for (const ext of ['.ts', '.tsx']) {
  require.extensions[ext] = (module, filename) => module._compile(compiled(filename), filename);
}

// `#client/contract/issues` → src/contract/issues, found as .ts or .tsx by the hooks above.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const source = request.startsWith('#client/') ? path.join(clientSource, request.slice('#client/'.length)) : request;
  return resolveFilename.call(this, source, ...rest);
};
