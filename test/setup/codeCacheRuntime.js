/**
 * Jest's module runtime, with V8's code cache kept between the test files a worker runs.
 *
 * Jest loads every module anew for each test file (each file has its own module registry), and
 * compiles each one from its source text again: about a thousand modules and 5 MB of code for
 * a panel test (React DOM, Testing Library, Mirage…), parsed and compiled in every file. Here
 * the first file to load a module leaves V8's compiled code behind (taken after it ran, so the
 * functions it called are in it), and the next files that load the same text start from that
 * code instead of compiling it again. Modules are still evaluated afresh in every file: only the
 * compilation is shared, and V8 falls back to compiling when it cannot use the cache.
 *
 * The script is made as jest-runtime (29) makes it in createScriptFromCode, with V8's
 * `cachedData` added.
 */
const vm = require('node:vm');
const { handlePotentialSyntaxError } = require('@jest/transform');
const Runtime = require('jest-runtime').default;

/** filename → the first script made of it, its text, and (once asked for) its code cache. */
const compiled = new Map();

function codeCacheFor(filename, code) {
  const known = compiled.get(filename);
  if (!known || known.code !== code) return undefined;
  known.cachedData ??= known.script.createCachedData();
  return known.cachedData;
}

class CodeCacheRuntime extends Runtime {
  createScriptFromCode(scriptSource, filename) {
    const code = this.wrapCodeInModuleWrapper(scriptSource);
    const scriptFilename = this._resolver.isCoreModule(filename) ? `jest-nodejs-core-${filename}` : filename;
    let script;
    try {
      script = new vm.Script(code, {
        columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
        displayErrors: true,
        filename: scriptFilename,
        cachedData: codeCacheFor(filename, code),
        importModuleDynamically: async (specifier) => {
          if (typeof vm.SyntheticModule !== 'function') throw new Error('You need to run with a version of node that supports ES Modules in the VM API.');
          const context = this._environment.getVmContext?.();
          if (!context) throw new Error('Test environment has been torn down');
          const module = await this.resolveModule(specifier, scriptFilename, context);
          return this.linkAndEvaluateModule(module);
        },
      });
    } catch (error) {
      throw handlePotentialSyntaxError(error);
    }
    if (compiled.get(filename)?.code !== code) compiled.set(filename, { script, code, cachedData: undefined });
    return script;
  }
}

module.exports = CodeCacheRuntime;
