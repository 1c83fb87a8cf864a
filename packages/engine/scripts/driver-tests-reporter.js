// Mocha reporter for driver-tests.sh: one line per finished test as it goes (so a hanging test shows where it
// hangs), and the whole outcome as JSON at the end (the path in DRIVER_TESTS_JSON) for the summary.
const fs = require('node:fs');
// Mocha is the driver checkout's (the working directory), not a dependency of this repository.
const Mocha = require(require.resolve('mocha', { paths: [process.cwd()] }));

const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } = Mocha.Runner.constants;

class DriverTestsReporter extends Mocha.reporters.Base {
  constructor(runner, options) {
    super(runner, options);
    const passes = [];
    const failures = [];
    const pending = [];
    runner.on(EVENT_TEST_PASS, (test) => {
      passes.push(test.fullTitle());
      console.log(`pass  ${test.fullTitle()}`);
    });
    runner.on(EVENT_TEST_FAIL, (test, error) => {
      const message = String(error?.message ?? error);
      failures.push({ fullTitle: test.fullTitle(), message, stack: String(error?.stack ?? '') });
      console.log(`FAIL  ${test.fullTitle()}\n      ${message.split('\n')[0].slice(0, 300)}`);
    });
    runner.on(EVENT_TEST_PENDING, (test) => pending.push(test.fullTitle()));
    runner.once(EVENT_RUN_END, () => {
      fs.writeFileSync(process.env.DRIVER_TESTS_JSON, JSON.stringify({ passes, failures, pending }, null, 1));
    });
  }
}

module.exports = DriverTestsReporter;
