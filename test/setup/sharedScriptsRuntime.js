/**
 * Jest's module runtime, with each module's compiled script shared by the test files a worker
 * runs.
 *
 * Jest loads every module anew for each test file (each file has its own module registry), and
 * compiles each one from its source text again: about a thousand modules and 5 MB of code for
 * a panel test (React DOM, Testing Library, Mirage…), parsed and compiled in every file, and
 * every function compiled again when first called. A compiled script is not bound to a context,
 * so here a module's script is made once and run again in each test file's context: the files
 * still evaluate every module afresh (their own module objects, closures and state), they only
 * share the compiled code. A module whose text changed (another transform) is compiled anew.
 *
 * The script is made as jest-runtime (29) makes it in createScriptFromCode. Its dynamic
 * `import()` resolves through the runtime of the test file running now (a worker runs one file
 * at a time), not the one that first compiled it.
 *
 * The source and transformed texts are kept the same way: Jest reads each module's file again for
 * each test file, and finds its transform in its cache on disk (hashing the source and reading
 * the cached output again). Here a file whose modification time and size are those of the last
 * reading is not read again, and a module whose source text, project and options are those of
 * the last transform reuses that transform's output.
 */
const fs = require('node:fs');
const vm = require('node:vm');
const { handlePotentialSyntaxError } = require('@jest/transform');
const Runtime = require('jest-runtime').default;

/** filename → its script, with the text and column offset it was compiled from. */
const scripts = new Map();
/** filename → its text, with the modification time and size it was read at. */
const sources = new Map();
/** project, filename and options → the source text last transformed and its transform. */
const transforms = new Map();
/** The runtime of the test file that loaded a module last: the one running now. */
let activeRuntime = null;
const runningNow = (runtime) => {
  activeRuntime = runtime;
};

class SharedScriptsRuntime extends Runtime {
  /** As jest-runtime's readFile, with the text kept for the next test file. */
  readFile(filename) {
    let source = this._cacheFS.get(filename);
    if (!source) {
      const { mtimeMs, size } = fs.statSync(filename);
      const known = sources.get(filename);
      if (known && known.mtimeMs === mtimeMs && known.size === size) source = known.source;
      else {
        source = this.readFileBuffer(filename).toString('utf8');
        sources.set(filename, { mtimeMs, size, source });
      }
      this._cacheFS.set(filename, source);
    }
    return source;
  }

  /** As jest-runtime's transformFile, with the transform kept for the next test file. */
  transformFile(filename, options) {
    const source = this.readFile(filename);
    if (options?.isInternalModule) return source;
    const fullOptions = this._getFullTransformationOptions(options);
    const key = `${this._config.id}\0${filename}\0${JSON.stringify(fullOptions)}`;
    let known = transforms.get(key);
    if (!known || known.source !== source) {
      known = { source, transformed: this._scriptTransformer.transform(filename, fullOptions, source) };
      transforms.set(key, known);
    }
    const { transformed } = known;
    this._fileTransforms.set(filename, { ...transformed, wrapperLength: this.constructModuleWrapperStart().length });
    if (transformed.sourceMapPath) this._sourceMapRegistry.set(filename, transformed.sourceMapPath);
    return transformed.code;
  }

  createScriptFromCode(scriptSource, filename) {
    runningNow(this);
    const code = this.wrapCodeInModuleWrapper(scriptSource);
    const columnOffset = this._fileTransforms.get(filename)?.wrapperLength;
    const known = scripts.get(filename);
    if (known && known.code === code && known.columnOffset === columnOffset) return known.script;
    const scriptFilename = this._resolver.isCoreModule(filename) ? `jest-nodejs-core-${filename}` : filename;
    let script;
    try {
      script = new vm.Script(code, {
        columnOffset,
        displayErrors: true,
        filename: scriptFilename,
        importModuleDynamically: async (specifier) => {
          if (typeof vm.SyntheticModule !== 'function') throw new Error('You need to run with a version of node that supports ES Modules in the VM API.');
          const runtime = activeRuntime;
          const context = runtime._environment.getVmContext?.();
          if (!context) throw new Error('Test environment has been torn down');
          const module = await runtime.resolveModule(specifier, scriptFilename, context);
          return runtime.linkAndEvaluateModule(module);
        },
      });
    } catch (error) {
      throw handlePotentialSyntaxError(error);
    }
    scripts.set(filename, { code, columnOffset, script });
    return script;
  }
}

module.exports = SharedScriptsRuntime;
