// `npm start`'s build step: builds the gateway (with the engine) and the dashboard, each only when its sources changed
// since its last build, so a restart (after a crash, say) starts Node at once instead of type-checking the whole
// project again. The sources are compared by content (a hash), not by date: a checkout or a copy that changes dates
// alone builds nothing. `node scripts/build-if-stale.mjs dashboard` looks at one target only.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TARGETS = {
  gateway: {
    inputs: [
      'src',
      'packages/engine/src',
      'tsconfig.json',
      'tsconfig.build.json',
      'packages/engine/tsconfig.json',
      'packages/engine/tsconfig.build.json',
      'package-lock.json',
    ],
    outputs: ['dist/src/main.js', 'packages/engine/dist/src/main.js'],
    stamp: 'dist/.sources-hash',
    script: 'build:gateway',
  },
  dashboard: {
    inputs: ['dashboard', 'package-lock.json'],
    outputs: ['dist/dashboard/index.html', 'dist/dashboard/operations.json'],
    stamp: 'dist/.dashboard-sources-hash',
    script: 'build:dashboard',
  },
};

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else yield entry;
}

const wanted = process.argv.slice(2);
for (const [name, target] of Object.entries(TARGETS)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const hash = createHash('sha256');
  for (const input of target.inputs)
    for (const file of files(input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  const sources = hash.digest('hex');
  const stamp = path.join(root, target.stamp);
  const built = fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === sources && target.outputs.every((output) => fs.existsSync(path.join(root, output)));
  if (built) {
    process.stdout.write(`${name} build up to date\n`);
  } else {
    execFileSync('npm', ['run', '-s', target.script], { cwd: root, stdio: 'inherit' });
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    fs.writeFileSync(stamp, sources);
  }
}
