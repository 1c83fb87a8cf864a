/**
 * Typed documents for the stored REST-compatibility operations (`npm run codegen`), from the committed
 * schema.graphql and the `/* GraphQL *\/` documents of src/rest-compat. `--check` compares instead of writing and
 * exits 1 when the committed file is out of date. Runs the codegen library directly: its CLI needs Node 22.
 */
import fs from 'node:fs';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import { parse } from 'graphql';

const ROOT = path.join(__dirname, '..', '..');
const SOURCES = path.join(ROOT, 'src', 'rest-compat');
const OUTPUT = path.join(SOURCES, 'generated', 'operations.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

export async function generatedOperations(): Promise<string> {
  const documents = sourceFiles(SOURCES)
    .sort()
    .flatMap((file) => gqlPluckFromCodeStringSync(file, fs.readFileSync(file, 'utf8')).map((source) => ({ location: file, document: parse(source.body) })));
  return codegen({
    filename: OUTPUT,
    schema: parse(fs.readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8')),
    documents,
    plugins: [{ typescriptOperations: {} }, { typedDocumentNode: {} }],
    pluginMap: { typescriptOperations, typedDocumentNode },
    config: { scalars: { DateTimeISO: 'string' }, enumsAsTypes: true, avoidOptionals: true, skipTypename: true },
  });
}

async function main(): Promise<void> {
  const output = await generatedOperations();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : '';
    if (current !== output) {
      console.error(`${path.relative(ROOT, OUTPUT)} is out of date: run npm run codegen`);
      process.exit(1);
    }
    return;
  }
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, output);
  console.log(`wrote ${path.relative(ROOT, OUTPUT)}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
