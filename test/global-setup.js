const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { startWorkerEngines } = require('./worker-engines');

/**
 * Builds the gateway (dist/src, with the engine) and the dashboard (dist/dashboard) once, before any suite starts,
 * each when its sources changed. Suites that run `npm start` or serve the dashboard go through the same build step
 * themselves; run side by side on a stale build, each would rebuild it under the other (Vite empties its output
 * directory first), and a suite that allows `npm start` a minute would spend it compiling. Then starts each worker's
 * engine for the run (test/worker-engines.ts; test/global-teardown.js stops them).
 */
module.exports = async (globalConfig) => {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build-if-stale.mjs')], { stdio: 'pipe' });
  await startWorkerEngines(globalConfig.maxWorkers);
};
