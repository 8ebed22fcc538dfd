// @ts-check
/**
 * Lint: typescript-eslint's recommended rules, React's hook rules, jsx-a11y, and the import
 * boundaries ARCHITECTURE.md describes (lint/fences.mjs makes them from the folders), and no import
 * cycles. Formatting is Prettier's business (npm run lint runs both). The server reaches the
 * client's shared code through one alias, `#client/…` (lint/clientAlias.cjs resolves it and holds
 * server/ to it).
 */
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import clientAlias from './lint/clientAlias.cjs';
import { fenceZones, PRODUCT_ZONE } from './lint/fences.mjs';

const CLIENT_ALIAS_RESOLVER = fileURLToPath(new URL('./lint/clientAlias.cjs', import.meta.url));

/**
 * The project's lint for the tree at `root` (the fences are read from its folders).
 * test/lint/fenceProbes.mjs also calls it on a scratch tree.
 * @param {string} root
 */
export function configFor(root) {
  const zones = fenceZones(root);
  /** @param {import('./lint/fences.mjs').Zone[]} extra zones for some files only */
  const restrictedPaths = (extra) => ['error', { basePath: root, zones: [...zones, ...extra] }];
  const extensions = ['.ts', '.tsx', '.js', '.mjs'];
  return tseslint.config(
    { ignores: ['dist/', 'coverage/', 'test-results/', 'node_modules/', 'server/dist/', '.data/'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    jsxA11y.flatConfigs.recommended,
    {
      files: ['**/*.{ts,tsx}'],
      plugins: { import: importPlugin, 'react-hooks': reactHooks },
      settings: {
        // `#client/x` is the file src/x (lint/clientAlias.cjs), for the fences and the cycles alike.
        'import/resolver': { [CLIENT_ALIAS_RESOLVER]: { root, extensions }, node: { extensions } },
        // import/no-cycle follows the imports of these files; node_modules are never part of a cycle.
        'import/extensions': extensions,
        'import/ignore': ['[\\\\/]node_modules[\\\\/]'],
      },
      rules: {
        // The classic hook rules. The React Compiler's rules (refs, set-state-in-effect, …) are left
        // off: the app does not use the compiler, and they flag deliberate patterns (focus return in
        // useLayer, row focus after a listing).
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
        '@typescript-eslint/no-non-null-assertion': 'off',
        'import/no-duplicates': 'error',
        'import/no-restricted-paths': restrictedPaths([]),
      },
    },
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['src/**/*.test.{ts,tsx}'],
      rules: { 'import/no-restricted-paths': restrictedPaths([PRODUCT_ZONE]) },
    },
    {
      files: ['server/**/*.{ts,tsx,js,mjs,cjs}'],
      plugins: { project: { rules: { 'client-alias': clientAlias.rule } } },
      rules: { 'project/client-alias': ['error', { root }] },
    },
    {
      // No import cycles. Tests are left out: nothing imports them, so no cycle runs through one,
      // and following each test's imports again cost more than half the rule's time.
      files: ['**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}', '**/*.e2e.ts'],
      rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
    },
    {
      // Small files and small functions. A file may pass 300 lines only with its reason written at
      // its top, as an `eslint-disable max-lines -- <reason>` comment.
      files: ['**/*.{ts,tsx,js,mjs}'],
      rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
    },
    {
      files: ['src/**/*.{ts,tsx}', 'stage/**/*.ts', 'mirage/**/*.ts', 'test/helpers/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
    },
    {
      // jest.isolateModules needs require().
      files: ['**/*.test.{ts,tsx}'],
      rules: { '@typescript-eslint/no-require-imports': 'off' },
    },
    {
      files: ['**/*.{js,mjs,cjs}'],
      languageOptions: {
        globals: {
          require: 'readonly',
          module: 'writable',
          __dirname: 'readonly',
          process: 'readonly',
          console: 'readonly',
          URL: 'readonly',
          setTimeout: 'readonly',
          document: 'readonly',
        },
      },
      rules: { '@typescript-eslint/no-require-imports': 'off' },
    },
  );
}

export default configFor(fileURLToPath(new URL('.', import.meta.url)));
