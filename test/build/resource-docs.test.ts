import fs from 'node:fs';
import path from 'node:path';
import { fieldTablePages, RESOURCE_DOCS } from '../../src/cli/resource-docs';

/** The committed reference pages of the declared resources are what `npm run docs` writes from the declarations today. */
const pages = fieldTablePages();

test.each([...pages.keys()])('docs/resources/%s is up to date with its declaration (npm run docs)', (name) => {
  expect(fs.readFileSync(path.join(RESOURCE_DOCS, name), 'utf8')).toBe(pages.get(name));
});

test('no page is left of a resource that is no longer declared', () => {
  expect(fs.readdirSync(RESOURCE_DOCS).sort()).toEqual([...pages.keys()].sort());
});

test('a page lists every field of its declaration under its REST and GraphQL names, with its rules', () => {
  const suppliers = pages.get('suppliers.md') ?? '';
  expect(suppliers).toContain('| `tax_id` | `taxId` | text |  | at most 50 characters | CUIT or foreign tax id; unique within the account. |');
  expect(suppliers).toContain('| `name` | `name` | text | yes | 2–200 characters |  |');
  expect(suppliers).toContain('- REST: `/api/v1/suppliers`, `/api/v1/suppliers/{_id}`; identifier field `_id`');
  expect(suppliers).toContain('- Filter `tag` (GraphQL `filter.tag`): holds `tags`');
});
