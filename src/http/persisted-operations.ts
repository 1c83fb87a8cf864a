import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** The manifest the dashboard's build writes beside its page: `{ sha256: document }` (dashboard/persisted-operations.ts). */
export const OPERATIONS_MANIFEST = 'operations.json';

interface PersistedBody {
  query?: unknown;
  extensions?: { persistedQuery?: { sha256Hash?: unknown } };
}

/**
 * The dashboard's operations by hash: a request naming a hash of the manifest, without a document, runs the
 * manifest's document. Everything else goes on unchanged, so other clients (GraphiQL, users' own dashboards) keep
 * sending full documents, and a hash not in the manifest meets Apollo's own persisted-query handling
 * (PERSISTED_QUERY_NOT_FOUND). The manifest is read on first use (until the dashboard is built, there is none).
 */
export function persistedOperations(directory: string): RequestHandler {
  let manifest: Map<string, string> | undefined;
  const load = (): Map<string, string> | undefined => {
    const file = path.join(directory, OPERATIONS_MANIFEST);
    if (!manifest && fs.existsSync(file)) manifest = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>));
    return manifest;
  };
  return (req, _res, next) => {
    const body = req.body as PersistedBody | undefined;
    const hash = body?.extensions?.persistedQuery?.sha256Hash;
    if (req.method !== 'POST' || !body || typeof hash !== 'string' || body.query !== undefined) return next();
    const document = load()?.get(hash);
    if (document !== undefined) {
      body.query = document;
      // Answered as a plain request: Apollo's persisted-query cache neither needs nor keeps it.
      delete body.extensions?.persistedQuery;
    }
    next();
  };
}
