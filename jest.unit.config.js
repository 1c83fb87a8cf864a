/**
 * The fiscal modules' unit suites alone (no server, no store): what mutation testing runs against each mutant, so a
 * rule counts as pinned only when a unit test of its own module pins it.
 */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/domain'],
  testEnvironmentOptions: undefined,
};
