// @ts-check
/**
 * The server's one way into the client's shared code: `#client/<path under src/>`, e.g.
 * `#client/contract/issues`, rather than `../../../src/contract/issues`, whose depth changes with
 * the importing file's folder and reads like the server's own src/. `#` is what Node asks of a
 * package's private import (package.json "imports", which maps it to the compiled src/*.js);
 * `client` says whose code it is: the client's src/, next to the server's own server/src.
 *
 * For ESLint, this file is both:
 *  - an import resolver (eslint-plugin-import's interface 2), so that the import rules see
 *    `#client/x` as the file src/x it is, and the fences of lint/fences.mjs hold for it;
 *  - the rule `project/client-alias`: a file of server/ that reaches src/ by a relative path is
 *    told to use the alias (`--fix` rewrites it).
 */
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const ALIAS = '#client/';
const CLIENT_DIR = 'src';

/**
 * @param {string} source the import's specifier
 * @param {string} file the importing file
 * @param {{ root: string, extensions?: string[] }} config the project's root
 */
function resolve(source, file, config) {
  if (!source.startsWith(ALIAS)) return { found: false };
  const target = path.join(config.root, CLIENT_DIR, source.slice(ALIAS.length));
  return nodeResolver.resolve(target, file, { extensions: config.extensions });
}

/** @param {string} from @param {string} to @returns {boolean} whether `to` is inside `from` */
const inside = (from, to) => {
  const relative = path.relative(from, to);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** @param {any} node @returns {any} the string literal naming a module, if the node has one */
function moduleSource(node) {
  if (node.type === 'CallExpression') {
    const { callee } = node;
    const named =
      callee.type === 'Identifier' ? callee.name === 'require' : callee.type === 'MemberExpression' && ['jest', 'require'].includes(callee.object.name);
    return named ? node.arguments[0] : undefined;
  }
  if (node.type === 'TSImportType') return node.argument?.literal ?? node.argument;
  if (node.type === 'TSExternalModuleReference') return node.expression;
  return node.source;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    fixable: 'code',
    docs: { description: "server/ imports the client's src/ through the #client/ alias only" },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: { relative: "server/ reaches the client's src/ through the alias: '{{alias}}', not '{{source}}' (lint/clientAlias.cjs)." },
  },
  create(context) {
    const clientRoot = path.join(context.options[0].root, CLIENT_DIR);
    const check = (/** @type {any} */ node) => {
      const literal = moduleSource(node);
      if (literal?.type !== 'Literal' || typeof literal.value !== 'string' || !literal.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), literal.value);
      if (!inside(clientRoot, target)) return;
      const alias = ALIAS + path.relative(clientRoot, target).split(path.sep).join('/');
      context.report({
        node: literal,
        messageId: 'relative',
        data: { alias, source: literal.value },
        fix: (fixer) => fixer.replaceText(literal, `${literal.raw[0]}${alias}${literal.raw[0]}`),
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      CallExpression: check,
      TSImportType: check,
      TSExternalModuleReference: check,
    };
  },
};

module.exports = { ALIAS, CLIENT_DIR, interfaceVersion: 2, resolve, rule };
