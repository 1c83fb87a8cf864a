import fs from 'node:fs';
import path from 'node:path';

/**
 * A source file's name says its role (`suppliers.service.ts`, `suppliers.routes.ts`, `supplier.resolver.ts`), so a
 * name found in a stack trace, a search or an editor tab points at one file.
 */
const SRC = path.join(__dirname, '..', '..', 'src');

test('no two source files share a name', () => {
  const files = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts') && !file.includes(`generated${path.sep}`));
  const byName = new Map<string, string[]>();
  for (const file of files) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file]);
  expect([...byName.values()].filter((same) => same.length > 1)).toEqual([]);
  expect(files.length).toBeGreaterThan(300);
});
