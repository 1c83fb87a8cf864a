import { Arg, Authorized, ID, Resolver, Root, type SubscribeResolverData, Subscription } from 'type-graphql';
import type { Scope } from '../domain/auth/scopes';
import { requirePrincipal, type RequestContext } from '../domain/context';
import { ForbiddenError } from '../domain/errors';
import { findAnyImport, IMPORT_HISTORIES, type ImportHistory } from '../domain/mis-comprobantes/import-lookup';
import { percentOf } from '../domain/mis-comprobantes/import-record';
import type { ImportDocument, RowReport } from '../domain/stored';
import { VoucherImport } from '../schema/voucher-import.types';
import { importProgress } from './import-progress';

/** A stored row report; one older than the codes has its sentences without a code. */
const rowOf = (row: RowReport) => ({
  line: row.line,
  messages: row.messages,
  reasons: row.reasons ?? row.messages.map((message) => ({ code: null, message })),
});

/** Stored import → its GraphQL shape (records older than the direction field are Recibidos imports). */
export const toImport = (doc: ImportDocument): VoucherImport => ({
  id: doc._id.toHexString(),
  direction: doc.direction ?? 'received',
  fileName: doc.file_name,
  size: doc.size,
  sha256: doc.sha256,
  layout: doc.layout,
  encoding: doc.encoding,
  status: doc.status,
  failure: doc.failure ?? null,
  rowsTotal: doc.rows_total,
  rowsImported: doc.rows_imported,
  rowsDuplicated: doc.rows_duplicated,
  rowsWithErrors: doc.rows_with_errors,
  rowsWithWarnings: doc.rows_with_warnings ?? 0,
  suppliersCreated: doc.suppliers_created,
  rowsNeedingReview: doc.rows_needing_review ?? 0,
  rowErrors: doc.row_errors.map(rowOf),
  rowWarnings: (doc.row_warnings ?? []).map(rowOf),
  rowReviews: (doc.row_reviews ?? []).map(rowOf),
  percent: percentOf(doc),
  bytesRead: doc.bytes_read ?? null,
  bytesTotal: doc.bytes_total ?? null,
  userId: doc.user_id?.toHexString() ?? null,
  startedAt: doc.started_at,
  finishedAt: doc.finished_at,
});

/** The upload mutations' respondAsync argument. */
export const RESPOND_ASYNC =
  'Answer as soon as the import has started: the import as it stands (status running), its rows read in the background; follow it with voucherImportProgress or read it by id. Unset or false: answer once it has ended. A file refused as a whole is refused either way.';

/** The scope that reads each history (the one its history query and REST routes need). */
const READ_SCOPE: Record<ImportHistory, Scope> = {
  [IMPORT_HISTORIES.received]: 'received_invoices:read',
  [IMPORT_HISTORIES.issued]: 'invoices:read',
};

/** An import's progress, pushed as it goes (over WebSocket, see src/http/subscriptions.ts). */
@Resolver(() => VoucherImport)
export class VoucherImportProgressResolver {
  @Authorized()
  @Subscription(() => VoucherImport, {
    description:
      "An import of either export (the id an upload answered), as it stands and then after each batch it writes, from whichever gateway runs it; the last event is its end: completed, failed, or interrupted (silent for five minutes), and the subscription then completes. Another account's import is NOT_FOUND; reading it needs the scope its history query needs (received_invoices:read or invoices:read).",
    // The import is found, and the scope of its export checked, before the subscription is in place: a refusal is
    // the subscription's error, not an event.
    subscribe: async ({ args, context }: SubscribeResolverData<unknown, { id: string }, RequestContext>) => {
      const principal = requirePrincipal(context);
      const { doc, history } = await findAnyImport(context, args.id);
      if (!principal.scopes.has(READ_SCOPE[history])) throw new ForbiddenError(`this operation needs the scope ${READ_SCOPE[history]}`);
      return importProgress(context, history, doc);
    },
  })
  voucherImportProgress(@Arg('id', () => ID) _id: string, @Root() doc: ImportDocument): VoucherImport {
    return toImport(doc);
  }
}
