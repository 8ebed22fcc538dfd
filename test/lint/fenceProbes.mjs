// The probes of boundaries.test.ts, made from the zones lint/fences.mjs reads from the folders and
// linted with the project's config (eslint.config.mjs). Prints one JSON report on stdout:
//  - zones, and probes: for every zone, `import '…'` written in a file of its target, of each place
//    the zone fences off (each folder under its `from`, and the files right in it such as the
//    panel's shell) and of each place it lets in (its target, its `except`). Linted in memory, in
//    the repository; those whose folder is not there yet (src/contract) go to the scratch tree;
//  - scratch: the lint of a small tree written in a temporary folder, with folders the config has
//    never heard of (a feature, a folder of src/), an import cycle and a type-only one;
//  - features: the features lint/fences.mjs found in src/settings; mayImport: its table.
import { ESLint } from 'eslint';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFor } from '../../eslint.config.mjs';
import clientAlias from '../../lint/clientAlias.cjs';
import { BACKENDS_MAY_IMPORT, fenceZones, PRODUCT_ZONE, settingsFeatures, SHARED_MAY_IMPORT } from '../../lint/fences.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { ALIAS, CLIENT_DIR } = clientAlias;
const PROBE = '__fenceProbe.ts';

const isSource = (name) => /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) && !name.endsWith('.d.ts');
const inside = (file, place) => {
  const relative = path.relative(place, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** @param {string} dir absolute @returns {string[]} the source files under it, sorted */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return isSource(dir) ? [dir] : [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'dist') return [];
      return statSync(full).isDirectory() ? sourceFiles(full) : isSource(name) ? [full] : [];
    });
}

/** Each place a zone fences off, as its first source file: a folder under `from`, or the files right in it. */
function forbiddenPlaces(zone) {
  return [zone.from].flat().flatMap((from) => {
    const absFrom = path.resolve(root, from);
    const excepted = (zone.except ?? []).map((e) => path.resolve(absFrom, e));
    const firstOfPlace = new Map();
    for (const file of sourceFiles(absFrom).filter((f) => !excepted.some((e) => inside(f, e)))) {
      const [head, ...rest] = path.relative(absFrom, file).split(path.sep);
      const place = rest.length > 0 ? path.join(from, head) : `${path.normalize(from)} (its own files)`;
      if (!firstOfPlace.has(place)) firstOfPlace.set(place, file);
    }
    return [...firstOfPlace].map(([place, file]) => ({ place, file }));
  });
}

/** Each place a zone lets its target import: the target itself and each `except` (`file` is its first source file, if any). */
function allowedPlaces(zone) {
  const excepted = [zone.from].flat().flatMap((from) => (zone.except ?? []).map((e) => path.join(from, e)));
  const places = [...new Set([path.normalize(zone.target), ...excepted])];
  return places.map((place) => ({ place, file: sourceFiles(path.resolve(root, place))[0] }));
}

/** How `importer` names `file`: relative, or `#client/…` from server/ into src/ (lint/clientAlias.cjs). */
function specifier(importer, file) {
  const fromServer = inside(importer, path.join(root, 'server'));
  const intoClient = inside(file, path.join(root, CLIENT_DIR));
  if (fromServer && intoClient)
    return (
      ALIAS +
      path
        .relative(path.join(root, CLIENT_DIR), file)
        .replace(/\.tsx?$/, '')
        .split(path.sep)
        .join('/')
    );
  const relative = path
    .relative(path.dirname(importer), file)
    .replace(/\.tsx?$/, '')
    .split(path.sep)
    .join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const messagesOf = (result) => result.messages.map(({ ruleId, message }) => ({ ruleId, message }));

/**
 * Every probe of every zone: `import '<file>'` written in a file of the zone's target. A probe
 * whose target folder or imported place is not in the repository (src/contract before it lands)
 * goes to the scratch tree, with a stand-in file for what it imports.
 */
function zoneProbes() {
  const zones = [...fenceZones(root), PRODUCT_ZONE];
  const probes = zones.flatMap((zone, index) => {
    const importer = path.join(zone.target, PROBE);
    const make =
      (kind) =>
      ({ place, file }) => {
        const imported = file ? path.relative(root, file) : path.join(place, 'standIn.ts');
        const inRepo = Boolean(file) && existsSync(path.resolve(root, zone.target));
        return {
          zone: index,
          kind,
          place,
          importer,
          imported,
          inRepo,
          code: `import '${specifier(path.resolve(root, importer), path.resolve(root, imported))}';\n`,
        };
      };
    return [...forbiddenPlaces(zone).map(make('forbidden')), ...allowedPlaces(zone).map(make('allowed'))];
  });
  return { zones, probes };
}

/** Lints the repository's probes, in memory, with the project's config. */
async function lintInRepo(probes) {
  const eslint = new ESLint({ cwd: root });
  for (const probe of probes) {
    const [result] = await eslint.lintText(probe.code, { filePath: path.resolve(root, probe.importer) });
    probe.messages = messagesOf(result);
  }
}

/**
 * A tree the project's config has never seen: a new feature folder (`brandNew`), a new folder of
 * src/ with no row in lint/fences.mjs (`newFolder`), an import cycle and a type-only one, and
 * server/ files reaching src/contract by the alias and by relative paths.
 */
const SCRATCH = {
  'src/newFolder/top.ts': "export const top = 'a folder with no row';\n",
  'src/newFolder/usesShared.ts': "export type { A } from '../ui/typesA';\n",
  'src/newFolder/usesSettings.ts': "export { model } from '../settings/model';\n",
  'src/settings/usesNewFolder.ts': "export { top } from '../newFolder/top';\n",
  'src/settings/store.ts': "export const store = 'the shell';\n",
  'src/settings/model/index.ts': "export const model = 'the model';\n",
  'src/settings/files/filesSlice.ts': "export const files = 'a feature';\n",
  'src/settings/files/usesBrandNew.ts': "export { brandNew } from '../brandNew/brandNew';\n",
  'src/settings/brandNew/brandNew.ts': "export const brandNew = 'a new feature';\n",
  'src/settings/brandNew/usesModel.ts': "export { model } from '../model';\n",
  'src/settings/brandNew/usesFeature.ts': "export { files } from '../files/filesSlice';\n",
  'src/settings/brandNew/usesShell.ts': "export { store } from '../store';\n",
  'src/ui/cycleA.ts': "import { b } from './cycleB';\nexport const a = (): number => b;\n",
  'src/ui/cycleB.ts': "import { a } from './cycleA';\nexport const b = 1;\nexport const viaA = (): number => a();\n",
  'src/ui/usesCycle.ts': "import { a } from './cycleA';\nexport const outside = (): number => a();\n",
  'src/ui/typesA.ts': "import type { B } from './typesB';\nexport interface A {\n  b?: B;\n}\n",
  'src/ui/typesB.ts': "import type { A } from './typesA';\nexport interface B {\n  a?: A;\n}\n",
  'src/contract/scratchRule.ts': 'export const rule = 1;\n',
  'server/src/aliasClient.ts': "export { rule } from '#client/contract/scratchRule';\n",
  'server/src/relativeClient.ts': "export { rule } from '../../src/contract/scratchRule';\n",
  'server/dev/deep/relativeClient.ts': "export { rule } from '../../../src/contract/scratchRule';\n",
  'server/dev/usesServerSrc.ts': "export { rule } from '../src/aliasClient';\n",
};

/** Writes the scratch tree (and the probes that could not run in the repository), lints it with the project's config. */
async function lintScratchTree(probes) {
  const tree = mkdtempSync(path.join(os.tmpdir(), 'fences-'));
  const files = { ...SCRATCH };
  probes.forEach((probe, i) => {
    probe.importer = probe.importer.replace(PROBE, `__fenceProbe${i}.ts`);
    files[probe.imported] ??= 'export {};\n';
    files[probe.importer] = probe.code;
  });
  try {
    for (const [file, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      writeFileSync(path.join(tree, file), code);
    }
    const eslint = new ESLint({ cwd: tree, overrideConfigFile: true, overrideConfig: configFor(tree) });
    const results = new Map(
      (await eslint.lintFiles(['src', 'mirage', 'server'].filter((dir) => existsSync(path.join(tree, dir))))).map((r) => [
        path.relative(tree, r.filePath),
        messagesOf(r),
      ]),
    );
    for (const probe of probes) probe.messages = results.get(probe.importer);
    return Object.keys(SCRATCH).map((file) => ({ file, messages: results.get(file) }));
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

const { zones, probes } = zoneProbes();
await lintInRepo(probes.filter((probe) => probe.inRepo));
const scratch = await lintScratchTree(probes.filter((probe) => !probe.inRepo));
const mayImport = { ...SHARED_MAY_IMPORT, ...BACKENDS_MAY_IMPORT };
process.stdout.write(JSON.stringify({ features: settingsFeatures(root), mayImport, zones, probes, scratch }));
