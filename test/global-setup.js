const { execFileSync } = require('node:child_process');
const path = require('node:path');

/**
 * Builds the gateway (dist/src, with the engine) and the dashboard (dist/dashboard) once, before any suite starts,
 * each when its sources changed. Suites that run `npm start` or serve the dashboard go through the same build step
 * themselves; run side by side on a stale build, each would rebuild it under the other (Vite empties its output
 * directory first), and a suite that allows `npm start` a minute would spend it compiling.
 */
module.exports = () => {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build-if-stale.mjs')], { stdio: 'pipe' });
};
