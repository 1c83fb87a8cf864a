/**
 * Typed documents (`npm run codegen`) from the committed schema.graphql: for the stored REST-compatibility operations
 * (the `/* GraphQL *\/` documents of src/rest-compat) and for the dashboard's (those of dashboard/src). `--check`
 * compares instead of writing and exits 1 when a committed file is out of date. Runs the codegen library directly:
 * its CLI needs Node 22.
 */
import fs from 'node:fs';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import { parse } from 'graphql';

const ROOT = path.join(__dirname, '..', '..');
/** Each folder whose tagged documents are typed, and the file its types go to. */
const TARGETS = [
  { sources: path.join(ROOT, 'src', 'rest-compat'), avoidOptionals: true },
  // The dashboard leaves out the input fields it does not filter by.
  { sources: path.join(ROOT, 'dashboard', 'src'), avoidOptionals: { field: true, object: true, inputValue: false, variableValue: false, defaultValue: false } },
].map((target) => ({ ...target, output: path.join(target.sources, 'generated', 'operations.ts') }));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export async function generatedOperations({ sources, output, avoidOptionals }: (typeof TARGETS)[number]): Promise<string> {
  const documents = sourceFiles(sources)
    .sort()
    .flatMap((file) => gqlPluckFromCodeStringSync(file, fs.readFileSync(file, 'utf8')).map((source) => ({ location: file, document: parse(source.body) })));
  return codegen({
    filename: output,
    schema: parse(fs.readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8')),
    documents,
    plugins: [{ typescriptOperations: {} }, { typedDocumentNode: {} }],
    pluginMap: { typescriptOperations, typedDocumentNode },
    config: { scalars: { DateTimeISO: 'string' }, enumsAsTypes: true, avoidOptionals, skipTypename: true },
  });
}

async function main(): Promise<void> {
  for (const target of TARGETS) {
    const { output } = target;
    const text = await generatedOperations(target);
    if (process.argv.includes('--check')) {
      const current = fs.existsSync(output) ? fs.readFileSync(output, 'utf8') : '';
      if (current !== text) {
        console.error(`${path.relative(ROOT, output)} is out of date: run npm run codegen`);
        process.exitCode = 1;
      }
      continue;
    }
    fs.mkdirSync(path.dirname(output), { recursive: true });
    fs.writeFileSync(output, text);
    console.log(`wrote ${path.relative(ROOT, output)}`);
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
