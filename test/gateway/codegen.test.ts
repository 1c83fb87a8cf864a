import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The committed typed documents must match schema.graphql and the stored REST documents (`npm run codegen`). The
 * codegen library loads ES modules jest's module runtime cannot, so it runs as its own process.
 */
it('the generated typed documents (src/rest-compat, dashboard/src) are up to date', () => {
  const root = path.join(__dirname, '..', '..');
  const result = spawnSync(process.execPath, ['--conditions=ar-admin-source', '--require', '@swc-node/register', 'src/cli/codegen.ts', '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect({ status: result.status, output: result.status === 0 ? '' : `${result.stdout}${result.stderr}` }).toEqual({ status: 0, output: '' });
});
