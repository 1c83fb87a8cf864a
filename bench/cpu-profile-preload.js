// Loaded with `--require` (through NODE_OPTIONS, which refuses --cpu-prof itself) by `bench:import --cpu-prof DIR`:
// profiles the process from its start and writes `<pid>.cpuprofile` into CPU_PROFILE_DIR when it exits.
const fs = require('node:fs');
const path = require('node:path');
const { Session } = require('node:inspector');

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  // An in-thread session answers synchronously, so the profile is written before the process ends.
  session.post('Profiler.stop', (error, result) => {
    if (!error) fs.writeFileSync(path.join(process.env.CPU_PROFILE_DIR, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
