/**
 * The fiscal modules' own suites (test/domain: no server; a module's code that reads or writes the store is tested on
 * a database of the suite's own, see test/support/database.ts): what mutation testing runs against each mutant, so a
 * rule counts as pinned only when a test of its own module pins it, never by a gateway suite passing through it.
 */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/domain'],
  // Nothing to build and no engines for the run: a suite with a database starts its own engine, which a mutant's
  // run of a few suites would otherwise pay for twice.
  globalSetup: undefined,
  globalTeardown: undefined,
};
