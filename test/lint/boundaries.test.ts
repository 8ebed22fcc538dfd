/**
 * @jest-environment node
 */
// The import boundaries of ARCHITECTURE.md, as the lint enforces them. The cases are not listed
// here: fenceProbes.mjs makes them from the zones lint/fences.mjs reads from the folders (the
// zones eslint.config.mjs uses), so a new folder brings its own cases. For every zone, an import
// of each place it fences off must fail, with that zone's message, and an import of each place it
// lets in must pass (server/ names src/ by its `#client/` alias, so the fences are seen through it).
// A scratch tree shows new folders fenced with no edit, a cycle reported, and server/ held to the
// alias.
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import path from 'path';

interface Message {
  ruleId: string | null;
  message: string;
}
interface Zone {
  target: string;
  from: string | string[];
  except?: string[];
  message: string;
}
interface Probe {
  zone: number;
  kind: 'forbidden' | 'allowed';
  place: string;
  importer: string;
  inRepo: boolean;
  code: string;
  messages: Message[];
}
interface Report {
  features: string[];
  mayImport: Record<string, string[]>;
  zones: Zone[];
  probes: Probe[];
  scratch: Array<{ file: string; messages: Message[] }>;
}

const root = path.resolve(__dirname, '../..');
// Made when the file loads, as the cases depend on it (about 5 s of lint).
const report = JSON.parse(
  execFileSync(process.execPath, [path.join(__dirname, 'fenceProbes.mjs')], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 }),
) as Report;

const zoneName = (zone: Zone) => `${zone.target} ← ${[zone.from].flat().join(', ')}${zone.except ? ` except ${zone.except.join(', ')}` : ''}`;
const zoneCases = report.zones.map((zone, index) => [zoneName(zone), zone, report.probes.filter((p) => p.zone === index)] as const);
const probeOutcome = (probe: Probe) => ({ place: probe.place, messages: probe.messages });
const rejected = (probe: Probe, zone: Zone) => ({
  place: probe.place,
  messages: [{ ruleId: 'import/no-restricted-paths', message: expect.stringContaining(zone.message) }],
});

describe('import boundaries (npm run lint), one zone at a time', () => {
  it.each(zoneCases)('%s: every place it fences off fails the lint, with its message', (_name, zone, probes) => {
    const forbidden = probes.filter((p) => p.kind === 'forbidden');
    expect(forbidden.length).toBeGreaterThan(0);
    expect(forbidden.map(probeOutcome)).toEqual(forbidden.map((p) => rejected(p, zone)));
  });

  it.each(zoneCases)('%s: its own folder and every place it lets in pass', (_name, _zone, probes) => {
    const allowed = probes.filter((p) => p.kind === 'allowed');
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.map(probeOutcome)).toEqual(allowed.map((p) => ({ place: p.place, messages: [] })));
  });
});

describe('the zones come from the folders', () => {
  it("finds today's features in src/settings", () => {
    expect(report.features).toEqual(expect.arrayContaining(['account', 'activeFile', 'design', 'files', 'preview', 'siteStyle', 'text', 'user']));
    expect(report.features).not.toContain('model');
    expect(report.features).not.toContain('services');
  });

  it.each(report.features)('fences the feature %s off every other feature and the shell', (feature) => {
    const index = report.zones.findIndex((zone) => zone.target === `./src/settings/${feature}`);
    const places = report.probes.filter((p) => p.zone === index && p.kind === 'forbidden').map((p) => p.place);
    const others = report.features.filter((f) => f !== feature).map((f) => path.join('src/settings', f));
    expect(places.sort()).toEqual([...others, 'src/settings (its own files)'].sort());
  });

  it('fences src/contract before it exists: it imports nothing of src/, and everyone else may import it', () => {
    const contract = report.zones.findIndex((zone) => zone.target === './src/contract');
    const fencedOff = report.probes.filter((p) => p.zone === contract && p.kind === 'forbidden').map((p) => p.place);
    expect(fencedOff).toEqual(expect.arrayContaining(['src/api', 'src/drive', 'src/editor', 'src/i18n', 'src/settings', 'src/ui', 'src/widget']));
    const importers = report.probes.filter((p) => p.kind === 'allowed' && p.place === 'src/contract').map((p) => report.zones[p.zone]!.target);
    expect(importers).toEqual(
      expect.arrayContaining(['./src/api', './src/drive', './src/editor', './src/ui', './src/i18n', './src/settings', './src/widget', './mirage', './server']),
    );
  });
});

/** ARCHITECTURE.md's "May import" column: for each row of a src/ folder, mirage/ or server/, the src/ paths it lists. */
function documentedMayImport(): Record<string, string[]> {
  const rows = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8')
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.length === 5);
  return Object.fromEntries(
    rows.flatMap(([, folder, , mayImport]) => {
      const name = /^`(?:src\/(\w+)|(mirage|server)\/)`$/.exec(folder!);
      if (!name) return [];
      const paths = [...mayImport!.matchAll(/`src\/([^`]+)`/g)].map((m) => m[1]!);
      return [[name[1] ?? name[2]!, paths]];
    }),
  );
}

it('ARCHITECTURE.md\'s "May import" column is the table lint/fences.mjs enforces', () => {
  const documented = documentedMayImport();
  const enforced = Object.fromEntries(Object.entries(report.mayImport).map(([folder, allowed]) => [folder, [...allowed].sort()]));
  const documentedRows = Object.fromEntries(Object.keys(enforced).map((folder) => [folder, documented[folder]?.slice().sort()]));
  expect(documentedRows).toEqual(enforced);
});

describe('a scratch tree the config has never seen', () => {
  const lint = Object.fromEntries(report.scratch.map(({ file, messages }) => [file, messages]));
  const fenced = (message: string) => [{ ruleId: 'import/no-restricted-paths', message: expect.stringContaining(message) }];

  it('fences a new folder of src/settings as a feature, both ways, with no edit to the config', () => {
    expect(lint['src/settings/brandNew/usesFeature.ts']).toEqual(fenced('src/settings/brandNew is a feature'));
    expect(lint['src/settings/brandNew/usesShell.ts']).toEqual(fenced('src/settings/brandNew is a feature'));
    expect(lint['src/settings/files/usesBrandNew.ts']).toEqual(fenced('src/settings/files is a feature'));
    expect(lint['src/settings/brandNew/usesModel.ts']).toEqual([]);
  });

  it('holds a new folder of src/ with no row to the shared folders, and keeps the others out of it', () => {
    expect(lint['src/newFolder/usesShared.ts']).toEqual([]);
    expect(lint['src/newFolder/usesSettings.ts']).toEqual(fenced('src/newFolder has no row in lint/fences.mjs'));
    expect(lint['src/settings/usesNewFolder.ts']).toEqual(fenced('The settings panel imports only the shared folders'));
  });

  it('reports an import cycle on both of its files, not on a file that only uses it, nor a type-only cycle', () => {
    const cycle = [{ ruleId: 'import/no-cycle', message: expect.stringMatching(/^Dependency cycle/) }];
    expect(lint['src/ui/cycleA.ts']).toEqual(cycle);
    expect(lint['src/ui/cycleB.ts']).toEqual(cycle);
    expect(lint['src/ui/usesCycle.ts']).toEqual([]);
    expect(lint['src/ui/typesA.ts']).toEqual([]);
    expect(lint['src/ui/typesB.ts']).toEqual([]);
  });

  it("holds server/ to the #client/ alias for the client's src/, at any depth, and not for its own src/", () => {
    const relative = (alias: string, source: string) => [
      { ruleId: 'project/client-alias', message: expect.stringContaining(`through the alias: '${alias}', not '${source}'`) },
    ];
    expect(lint['server/src/aliasClient.ts']).toEqual([]);
    expect(lint['server/src/relativeClient.ts']).toEqual(relative('#client/contract/scratchRule', '../../src/contract/scratchRule'));
    expect(lint['server/dev/deep/relativeClient.ts']).toEqual(relative('#client/contract/scratchRule', '../../../src/contract/scratchRule'));
    expect(lint['server/dev/usesServerSrc.ts']).toEqual([]);
  });
});
