/**
 * @jest-environment node
 */
// The import boundaries of ARCHITECTURE.md, checked by running the project's ESLint config on
// small in-memory files (no file is written): each forbidden import must be reported.
import { execFileSync } from 'child_process';
import path from 'path';

interface Linted {
  filePath: string;
  messages: Array<{ ruleId: string | null; message: string }>;
}

const root = path.resolve(__dirname, '../..');
const snippets = [
  { filePath: 'src/settings/files/crossFeature.ts', code: "export { accountActions } from '../account/accountSlice';\n" },
  { filePath: 'src/settings/files/shell.ts', code: "export { setupStore } from '../store';\n" },
  { filePath: 'src/settings/files/fine.ts', code: "export { folderOpened } from '../model';\nexport { callApi } from '../services/callApi';\n" },
  { filePath: 'src/widget/settingsCode.ts', code: "export { userActions } from '../settings/model';\n" },
  { filePath: 'src/api/featureCode.ts', code: "export { filesActions } from '../settings/files/filesSlice';\n" },
  { filePath: 'src/editor/stageCode.ts', code: "export { mountStage } from '../../stage/host';\n" },
  { filePath: 'src/drive/mockCode.ts', code: "export { makeServer } from '../../mirage/server';\n" },
  { filePath: 'src/settings/model/featureCode.ts', code: "export { filesActions } from '../files/filesSlice';\n" },
  { filePath: 'server/src/fakeCode.ts', code: "export { startFakeDrive } from '../dev/fakeDrive/fakeDrive';\n" },
  { filePath: 'server/src/stageCode.ts', code: "export { DEV_INSTANCE } from '../../stage/devInstance';\n" },
  { filePath: 'server/src/testCode.ts', code: "export { sign } from '../test/support/instances';\n" },
];

let results: Linted[];
beforeAll(() => {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'lintSnippets.mjs')], { cwd: root, input: JSON.stringify(snippets), encoding: 'utf8' });
  results = JSON.parse(out) as Linted[];
}, 60_000);

const boundaryErrors = (filePath: string) =>
  results
    .find((r) => r.filePath === filePath)!
    .messages.filter((m) => m.ruleId === 'import/no-restricted-paths')
    .map((m) => m.message);

describe('import boundaries (npm run lint)', () => {
  it.each([
    ['a feature importing another feature', 'src/settings/files/crossFeature.ts', /never another feature/],
    ["a feature importing the panel's shell", 'src/settings/files/shell.ts', /never another feature or the panel's shell/],
    ['the widget importing settings code', 'src/widget/settingsCode.ts', /widget never imports settings-panel code/],
    ['src/api importing a feature', 'src/api/featureCode.ts', /import no feature/],
    ['product code importing the stage', 'src/editor/stageCode.ts', /never imports stage\/, mirage\/, test\/ or server\//],
    ['product code importing the mock backend', 'src/drive/mockCode.ts', /never imports stage\/, mirage\/, test\/ or server\//],
    ['the shared model importing a feature', 'src/settings/model/featureCode.ts', /depends on no feature/],
    ['the production server importing the fake drive', 'server/src/fakeCode.ts', /server\/src\) never imports server\/dev\//],
    ['the production server importing the stage', 'server/src/stageCode.ts', /server\/src\) never imports/],
    ['the production server importing a test kit', 'server/src/testCode.ts', /server\/src\) never imports/],
  ])('reports %s', (_what, filePath, message) => {
    expect(boundaryErrors(filePath)).toEqual([expect.stringMatching(message)]);
  });

  it('allows a feature to import the shared model and services', () => {
    expect(results.find((r) => r.filePath === 'src/settings/files/fine.ts')!.messages).toEqual([]);
  });
});
