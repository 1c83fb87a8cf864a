import { createHash } from 'node:crypto';
import { type DocumentNode, Kind, print } from 'graphql';
import type { Plugin } from 'vite';
import * as generated from './src/generated/operations.ts';

/** Where the manifest of the dashboard's operations is written, beside index.html (the gateway reads it there). */
export const MANIFEST = 'operations.json';
const VIRTUAL = 'virtual:persisted-operations';

/** Each generated operation's printed text, by its name: what the hash is taken of and what the gateway runs. */
function operations(): Map<string, string> {
  const byName = new Map<string, string>();
  for (const value of Object.values(generated) as DocumentNode[]) {
    const operation = value.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    if (operation?.name) byName.set(operation.name.value, print(value));
  }
  return byName;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The dashboard sends its operations by hash (`extensions.persistedQuery.sha256Hash`) instead of their text: the page
 * gets `{ name: hash }` from a virtual module, and the build writes `{ hash: document }` for the gateway.
 */
export function persistedOperations(): Plugin {
  return {
    name: 'persisted-operations',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      const hashes = Object.fromEntries([...operations()].map(([name, text]) => [name, sha256(text)]));
      return `export default ${JSON.stringify(hashes)};`;
    },
    generateBundle() {
      const manifest = Object.fromEntries([...operations().values()].map((text) => [sha256(text), text]));
      this.emitFile({ type: 'asset', fileName: MANIFEST, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
