import { ObjectId } from 'mongodb';
import type { ImportDocument } from '../../store/voucher-imports.store';
import { requirePrincipal, type RequestContext } from '../context';
import { notFound } from '../errors';
import { importAsOf } from './import-record';

/** The two import histories, by the export each records. */
export const IMPORT_HISTORIES = { received: 'received_invoice_imports', issued: 'issued_voucher_imports' } as const;
export type ImportHistory = (typeof IMPORT_HISTORIES)[keyof typeof IMPORT_HISTORIES];

/** An id as given (a malformed one names no import: not found, as another account's). */
const idOf = (id: string): ObjectId | null => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** One import of the account in a history, as a reader sees it (see importAsOf), or null. */
async function lookUp(context: RequestContext, history: ImportHistory, _id: ObjectId): Promise<ImportDocument | null> {
  const doc = await context.store.collection<ImportDocument>(history).findOne({ _id, account_id: requirePrincipal(context).accountId });
  return doc && importAsOf(doc, context.now());
}

/** One import of the account's in `history` by its id; another account's, or none, is NOT_FOUND. */
export async function findImport(context: RequestContext, history: ImportHistory, id: string): Promise<ImportDocument> {
  const _id = idOf(id);
  const found = _id && (await lookUp(context, history, _id));
  if (!found) throw notFound('import', id);
  return found;
}

/** One import of the account's by its id, of either export, with its history; another account's, or none, is NOT_FOUND. */
export async function findAnyImport(context: RequestContext, id: string): Promise<{ doc: ImportDocument; history: ImportHistory }> {
  const _id = idOf(id);
  if (_id)
    for (const history of Object.values(IMPORT_HISTORIES)) {
      const doc = await lookUp(context, history, _id);
      if (doc) return { doc, history };
    }
  throw notFound('import', id);
}
