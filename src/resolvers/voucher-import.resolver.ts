import type { ImportDocument, RowReport } from '../domain/stored';
import type { VoucherImport } from '../schema/voucher-import.types';

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
  userId: doc.user_id?.toHexString() ?? null,
  startedAt: doc.started_at,
  finishedAt: doc.finished_at,
});
