import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm ci` installs exactly what `package-lock.json` lists, and refuses a lockfile that misses a dependency a package
 * declares. npm drops the entries of other platforms' optional builds when it rewrites a lockfile from a
 * `node_modules` that lacks them, which leaves a macOS or arm machine without its native build (or `npm ci` failing).
 * Every optional dependency of every locked package must therefore have its own entry, whatever the platform.
 */
type Locked = { optionalDependencies?: Record<string, string>; os?: string[]; cpu?: string[] };
const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, Locked>;
};

/** Where Node resolves `dependency` from the package installed at `from`: its own folder, then each ancestor's. */
function resolve(from: string, dependency: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${dependency}`;
    if (lock.packages[candidate]) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

test('every optional dependency of every locked package has an entry, on every platform', () => {
  const missing = Object.entries(lock.packages).flatMap(([from, locked]) =>
    Object.keys(locked.optionalDependencies ?? {})
      .filter((dependency) => !resolve(from, dependency))
      .map((dependency) => `${from} → ${dependency}`),
  );
  expect(missing).toEqual([]);
});

test('the native builds the project runs on are locked for Linux and macOS on x64 and arm64', () => {
  const platforms = (name: string) =>
    Object.entries(lock.packages)
      .filter(([key]) => key.startsWith(`node_modules/${name}`))
      .map(([, locked]) => `${locked.os?.join()}-${locked.cpu?.join()}`);
  for (const family of ['@msgpackr-extract/msgpackr-extract-', '@lmdb/lmdb-', '@swc/core-']) {
    expect(platforms(family)).toEqual(expect.arrayContaining(['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64']));
  }
});
