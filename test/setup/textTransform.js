/**
 * Jest: a file imported as text (the fake drive's exports, which Mirage renders) is a module whose
 * default export is the file's text, as webpack's `asset/source` makes it in the stage's bundle.
 */
module.exports = {
  process(source) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(source)} };` };
  },
};
