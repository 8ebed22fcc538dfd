// @ts-check
/**
 * Lint: typescript-eslint's recommended rules, React's hook rules, jsx-a11y, and the import
 * boundaries ARCHITECTURE.md describes. Formatting is Prettier's business (npm run lint runs both).
 */
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Feature folders of the settings panel: each may use the shared model and services, never another feature. */
const FEATURES = ['account', 'activeFile', 'files', 'user'];
/** Folders every part of the product may use. */
const SHARED = ['./src/api', './src/drive', './src/editor', './src/ui', './src/i18n'];

const featureZones = FEATURES.map((feature) => ({
  target: `./src/settings/${feature}`,
  from: './src/settings',
  except: [`./${feature}`, './model', './services'],
  message: `A feature imports the shared model (src/settings/model) or services, never another feature or the panel's shell.`,
}));

/** @type {Array<{target: string | string[], from: string | string[], except?: string[], message: string}>} */
const boundaries = [
  ...featureZones,
  {
    target: './src/settings/model',
    from: './src/settings',
    except: ['./model'],
    message: 'The shared model depends on no feature, service or the shell.',
  },
  {
    target: './src/settings/services',
    from: './src/settings',
    except: ['./services', './model'],
    message: 'Services depend on the shared model only, never on a feature.',
  },
  { target: './src/widget', from: './src/settings', message: 'The widget never imports settings-panel code.' },
  { target: SHARED, from: ['./src/settings', './src/widget'], message: 'src/api, drive, editor, ui and i18n import no feature.' },
];

/** Product code (tests excepted) never imports development or test code, nor the server. */
const productBoundary = {
  target: './src',
  from: ['./stage', './mirage', './test', './server'],
  message: 'Product code (src/) never imports stage/, mirage/, test/ or server/.',
};

/** The production server (server/src) never imports development or test code: no fake, no test hook, no stage. */
const serverBoundary = {
  target: './server/src',
  from: ['./server/dev', './server/test', './stage', './mirage', './test'],
  message: 'The production server (server/src) never imports server/dev/, server/test/, stage/, mirage/ or test/.',
};

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'test-results/', 'node_modules/', 'server/dist/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      // The classic hook rules. The React Compiler's rules (refs, set-state-in-effect, …) are left
      // off: the app does not use the compiler, and they flag deliberate patterns (focus return in
      // useLayer, row focus after a listing).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import/no-duplicates': 'error',
      'import/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...boundaries, productBoundary] }] },
  },
  {
    files: ['server/src/**/*.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...boundaries, serverBoundary] }] },
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
