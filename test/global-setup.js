const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { startWorkerEngines } = require('./worker-engines');

/**
 * Builds the dashboard (dist/dashboard) once, before any suite starts, when its sources changed. Suites that serve it
 * check the same build step themselves, and `npm start`'s does too; run side by side on a stale build, each would
 * rebuild it under the other (Vite empties its output directory first). Then starts each worker's engine for the run
 * (test/worker-engines.ts; test/global-teardown.js stops them).
 */
module.exports = async (globalConfig) => {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build-if-stale.mjs'), 'dashboard'], { stdio: 'pipe' });
  await startWorkerEngines(globalConfig.maxWorkers);
};
