// `npm start`'s build step: builds the engine and the gateway only when their sources changed since the last build,
// so a restart (after a crash, say) starts Node at once instead of type-checking the whole project again.
// The sources are compared by content (a hash), not by date: a checkout or a copy that changes dates alone builds nothing.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const INPUTS = [
  'src',
  'packages/engine/src',
  'tsconfig.json',
  'tsconfig.build.json',
  'packages/engine/tsconfig.json',
  'packages/engine/tsconfig.build.json',
  'package-lock.json',
];
const OUTPUTS = ['dist/src/main.js', 'packages/engine/dist/src/main.js'];
const STAMP = path.join(root, 'dist', '.sources-hash');

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else yield entry;
}

const hash = createHash('sha256');
for (const input of INPUTS)
  for (const file of files(input)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
const sources = hash.digest('hex');
const built = fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === sources && OUTPUTS.every((output) => fs.existsSync(path.join(root, output)));

if (built) {
  process.stdout.write('build up to date\n');
} else {
  execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(STAMP, sources);
}
