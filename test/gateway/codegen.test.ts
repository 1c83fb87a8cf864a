import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The committed typed documents must match schema.graphql and the stored REST documents (`npm run codegen`). */
it('src/rest-compat/generated/operations.ts is up to date', () => {
  const root = path.join(__dirname, '..', '..');
  const cli = path.join(root, 'node_modules', '@graphql-codegen', 'cli', 'cjs', 'bin.js');
  const result = spawnSync(process.execPath, [cli, '--config', 'codegen.yml', '--check'], { cwd: root, encoding: 'utf8' });
  expect({ status: result.status, output: result.status === 0 ? '' : `${result.stdout}${result.stderr}` }).toEqual({ status: 0, output: '' });
});
