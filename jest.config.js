/** Unit and component tests run in jsdom; browser tests (test/e2e) drive real Chromium from node. */
const tsJest = ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node10', isolatedModules: true, ignoreDeprecations: '6.0' }, diagnostics: false }];

module.exports = {
  maxWorkers: 2,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src', '<rootDir>/mirage', '<rootDir>/test'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
      transform: { '^.+\\.tsx?$': tsJest },
      setupFilesAfterEnv: ['<rootDir>/test/setup/unit.ts'],
    },
    {
      displayName: 'browser',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/e2e'],
      testMatch: ['**/*.e2e.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
      globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
      globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
    },
  ],
};
