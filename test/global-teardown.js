const { stopWorkerEngines } = require('./worker-engines');

/** Stops the workers' engines test/global-setup.js started. */
module.exports = () => stopWorkerEngines();
