/**
 * Lets a child process of the tests run the server's TypeScript as it is (no build):
 * `node -r ./server/test/support/register-ts.js server/src/main.ts`. Transpile only, CommonJS.
 */
const fs = require('node:fs');
const ts = require('typescript');

const options = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, esModuleInterop: true, sourceMap: false };
for (const ext of ['.ts', '.tsx']) {
  require.extensions[ext] = (module, filename) => {
    const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), { compilerOptions: options, fileName: filename });
    module._compile(outputText, filename);
  };
}
