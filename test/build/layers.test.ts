import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The layer rules live in the lint (`biome.jsonc`, `noRestrictedImports` per folder), which `npm test` runs first. Here
 * the project's own configuration lints a planted tree: every import against a rule is reported, and the imports the
 * layers may make are not.
 */
const ROOT = path.join(__dirname, '..', '..');

const planted: Record<string, string> = {
  // Against the rules: each file imports one thing its layer may not.
  'src/store/up-to-domain.ts': "import { x } from '../domain/errors';",
  'src/store/up-to-http.ts': "import { x } from '../http/app';",
  'src/domain/up-to-resolvers.ts': "import { x } from '../resolvers/parent';",
  'src/domain/sub/up-to-rest.ts': "import { x } from '../../rest-compat/routes';",
  'src/domain/express.ts': "import { x } from 'express';",
  'src/resolvers/store.ts': "import { x } from '../store/store';",
  'src/resolvers/up-to-http.ts': "import { x } from '../http/app';",
  'src/schema/store.ts': "import type { x } from '../store/ledger';",
  'src/rest-compat/store.ts': "import { x } from '../store/store';",
  'src/rest-compat/up-to-http.ts': "import { x } from '../http/rest-router';",
  'src/rest-compat/express.ts': "import { x } from 'express';",
  'src/rest-compat/busboy.ts': "import x from 'busboy';",
  'packages/engine/src/query/sort-key.ts': "import { x } from '../storage/sort-key';",
  'packages/engine/src/query/entry-keys.ts': "import { x } from '../storage/entry-keys';",
  'packages/engine/src/query/index-keys.ts': "import { x } from '../storage/index-keys';",
  'packages/engine/src/query/key-ranges.ts': "import { x } from '../storage/key-ranges';",
  'packages/engine/src/backend.ts': "import { x } from './storage/backend';",
  'packages/engine/src/commands/indexes.ts': "import { x } from '../storage/indexes';",
  'packages/engine/src/counters.ts': "import { x } from './storage/counters';",
  'packages/engine/test/sort-key.ts': "import { x } from '../src/storage/sort-key';",
  // Within the rules.
  'src/store/ok.ts': "import { x } from './catalog';",
  'src/domain/ok.ts': "import { x } from '../store/store';",
  'src/resolvers/ok.ts': "import { x } from '../domain/stored';\nimport { y } from '../schema/accounting';",
  'src/rest-compat/ok.ts': "import { x } from '../domain/errors';\nimport { y } from './route';",
  'packages/engine/src/storage/ok.ts': "import { x } from './sort-key';\nimport { y } from './entry-keys';\nimport { z } from './backend';",
  'packages/engine/src/query/ok.ts': "import { x } from '../storage/contract';\nimport { y } from '../storage/catalog';",
  'packages/engine/test/storage-format.test.ts': "import { x } from '../src/storage/sort-key';",
  'src/http/ok.ts': "import { x } from 'express';\nimport { y } from '../rest-compat/routes';\nimport { z } from '../store/store';",
};

/** Files within the rules though not named ok.ts: a white-box test of the engine's on-disk format may read its keys. */
const exempt = new Set(['packages/engine/test/storage-format.test.ts']);
const allowed = (file: string) => file.endsWith('/ok.ts') || exempt.has(file);

let reported: string[];

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  try {
    const config = fs
      .readFileSync(path.join(ROOT, 'biome.jsonc'), 'utf8')
      .replace('"./node_modules/', JSON.stringify(`${path.join(ROOT, 'node_modules')}/`).slice(0, -1))
      // The planted tree is not a git checkout.
      .replace('"vcs": { "enabled": true', '"vcs": { "enabled": false');
    fs.writeFileSync(path.join(dir, 'biome.jsonc'), config);
    for (const [file, source] of Object.entries(planted)) {
      fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), `${source}\nexport const used = x;\n`);
    }
    const biome = path.join(ROOT, 'node_modules', '.bin', 'biome');
    const lint = await promisify(execFile)(biome, ['lint', '--reporter=json', '--colors=off', '--only=style/noRestrictedImports', '.'], { cwd: dir }).catch(
      (failed: { stdout: string }) => failed,
    );
    const report = JSON.parse(lint.stdout) as { diagnostics: Array<{ category: string; location: { path: string } }> };
    reported = report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.location.path);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('every import against a layer rule fails the lint', () => {
  const against = Object.keys(planted).filter((file) => !allowed(file));
  expect([...new Set(reported)].sort()).toEqual(against.sort());
});

test('the imports the layers may make pass', () => {
  expect(reported.filter(allowed)).toEqual([]);
});
