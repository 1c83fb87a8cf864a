/** @type {import('jest').Config} */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  testEnvironment: 'node',
  // The engine package's TypeScript sources, not its build (see packages/engine/package.json exports).
  testEnvironmentOptions: { customExportConditions: ['ar-admin-source', 'node', 'node-addons'] },
  // The engine package's suites run here too, so one `npm test` covers the whole repository.
  roots: ['<rootDir>/test', '<rootDir>/packages/engine/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  testTimeout: 60000,
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
  // A suite's gateways run in its worker's process, over the worker's engine; two workers match the 2-core machines.
  maxWorkers: 2,
};
