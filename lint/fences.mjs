// @ts-check
/**
 * The import fences of ARCHITECTURE.md ("Who owns what", column "May import"), made from the
 * folders when the lint starts rather than from a list: every folder of src/settings other than
 * model and services is a feature and is fenced as soon as it exists; a folder of src/ that has
 * no row below may import only the shared folders. A folder named here but absent is no error.
 *
 * eslint.config.mjs turns the zones into import/no-restricted-paths rules; test/lint/fenceProbes.mjs
 * derives from the same zones an import that must fail (and one that must pass) for every zone.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Folders of src/settings that are not features: the shared model and the sagas' services. */
export const SETTINGS_CORE = ['model', 'services'];

/**
 * The shared folders of src/ and what each may import besides itself. src/contract (the saved
 * model's rules) imports nothing but npm packages, and every other folder may import it.
 */
export const SHARED_MAY_IMPORT = {
  api: ['drive', 'contract'],
  drive: ['api', 'contract'],
  editor: ['contract'],
  ui: ['i18n', 'contract'],
  i18n: ['api', 'contract'],
  contract: [],
};
export const SHARED = Object.keys(SHARED_MAY_IMPORT);

/** What the backends may import from src/ (paths under src/). */
export const BACKENDS_MAY_IMPORT = {
  mirage: ['api', 'drive', 'contract'],
  server: ['api', 'drive', 'i18n', 'contract', 'editor/EditorBridge.ts', 'widget/NativeWidgetView.tsx'],
};

/**
 * @typedef {{ target: string, from: string | string[], except?: string[], message: string }} Zone
 *   An import/no-restricted-paths zone: files under `target` may not import from `from` (paths
 *   relative to the project's root), save under `except` (relative to `from`).
 */

/** @param {string} dir @returns {string[]} its sub-folders, sorted; none if it does not exist */
export function subfolders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return [];
    throw error;
  }
}

/** @param {string} root @returns {string[]} the settings panel's features, read from src/settings */
export function settingsFeatures(root) {
  return subfolders(path.join(root, 'src/settings')).filter((name) => !SETTINGS_CORE.includes(name));
}

const sharedList = SHARED.map((name) => `src/${name}`).join(', ');
/** @param {string[]} names folder names → `except` paths */
const own = (names) => names.map((name) => `./${name}`);

/** @param {string[]} features @returns {Zone[]} the settings panel's inner fences */
function settingsZones(features) {
  return [
    ...features.map((feature) => ({
      target: `./src/settings/${feature}`,
      from: './src/settings',
      except: own([feature, ...SETTINGS_CORE]),
      message: `src/settings/${feature} is a feature: it imports its own folder, src/settings/model, src/settings/services and the shared folders, never another feature or the panel's shell (features talk through model/events.ts).`,
    })),
    {
      target: './src/settings/model',
      from: './src/settings',
      except: own(['model']),
      message: "The shared model (src/settings/model) imports nothing else of src/settings: no feature, service or the panel's shell.",
    },
    {
      target: './src/settings/services',
      from: './src/settings',
      except: own(['services', 'model']),
      message: "src/settings/services imports the shared model only, never a feature or the panel's shell.",
    },
  ];
}

/** @param {string[]} srcFolders @returns {Zone[]} what each folder of src/ may import from src/ */
function srcZones(srcFolders) {
  const shared = Object.entries(SHARED_MAY_IMPORT).map(([name, allowed]) => ({
    target: `./src/${name}`,
    from: './src',
    except: own([name, ...allowed]),
    message: `src/${name} may import ${allowed.length ? allowed.map((a) => `src/${a}`).join(', ') : 'nothing outside itself (npm packages only)'}, nothing else of src/ (ARCHITECTURE.md, "May import").`,
  }));
  const unlisted = srcFolders
    .filter((name) => !SHARED.includes(name) && !['settings', 'widget', 'element'].includes(name))
    .map((name) => ({
      target: `./src/${name}`,
      from: './src',
      except: own([name, ...SHARED]),
      message: `src/${name} has no row in lint/fences.mjs: it may import only the shared folders (${sharedList}).`,
    }));
  return [
    ...shared,
    {
      target: './src/settings',
      from: './src',
      except: own(['settings', ...SHARED]),
      message: `The settings panel imports only the shared folders (${sharedList}) outside src/settings, never src/widget.`,
    },
    {
      target: './src/widget',
      from: './src',
      except: own(['widget', ...SHARED]),
      message: `The widget imports only the shared folders (${sharedList}), never src/settings.`,
    },
    {
      target: './src/element',
      from: './src',
      except: own(['element', 'widget', ...SHARED]),
      message: `The custom element imports src/widget (the rendering it shares) and the shared folders (${sharedList}), never src/settings.`,
    },
    ...unlisted,
  ];
}

/** @returns {Zone[]} what the backends may import from src/, and the shipped server's own fence */
function backendZones() {
  return [
    ...Object.entries(BACKENDS_MAY_IMPORT).map(([backend, allowed]) => ({
      target: `./${backend}`,
      from: './src',
      except: own(allowed),
      message: `${backend}/ may import from src/ only ${allowed.map((a) => `src/${a}`).join(', ')}.`,
    })),
    {
      target: './server/src',
      from: ['./server/dev', './server/test', './test', './mirage', './stage'],
      message: 'The shipped server (server/src) never imports server/dev/, server/test/, test/, mirage/ or stage/.',
    },
  ];
}

/**
 * The zones every TypeScript file is held to, read from the folders under `root`.
 * @param {string} root the project's root
 * @returns {Zone[]}
 */
export function fenceZones(root) {
  return [...settingsZones(settingsFeatures(root)), ...srcZones(subfolders(path.join(root, 'src'))), ...backendZones()];
}

/** Shipped code (src/, its tests excepted) never imports development or test code, nor the server. */
export const PRODUCT_ZONE = {
  target: './src',
  from: ['./stage', './mirage', './test', './server'],
  message: 'Product code (src/) never imports stage/, mirage/, test/ or server/.',
};
