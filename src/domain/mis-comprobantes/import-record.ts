import type { ImportDocument, RowReport } from '../../store/voucher-imports.store';
import type { RowReason } from './row';
import type { RateReview } from './vat-lines';

/** Row reports kept in an import's history per kind (refused, warned, needing review); all are counted. */
export const KEPT_ROW_REPORTS = 100;

/** The history record of an import as it runs: every counter and report list present. */
export type ImportRecord = ImportDocument & Required<Pick<ImportDocument, 'rows_needing_review' | 'row_reviews' | 'bytes_read' | 'bytes_total'>>;

/** A row of the import's report: its line, and its reasons (codes and sentences; `messages` repeats the sentences). */
export const reported = (line: number, reasons: RowReason[]): RowReport => ({ line, messages: reasons.map((reason) => reason.message), reasons });

/** Counts a kind of row and keeps its report while fewer than KEPT_ROW_REPORTS are kept. */
function keep(reports: RowReport[], line: number, reasons: RowReason[]): void {
  if (reports.length < KEPT_ROW_REPORTS) reports.push(reported(line, reasons));
}

/** A row refused (not imported): counted among the errors with its problems. */
export function countRefused(record: ImportRecord, line: number, problems: RowReason[]): void {
  record.rows_with_errors++;
  keep(record.row_errors, line, problems);
}

/** A row read into a voucher: counted among the warned rows when it has warnings. */
export function countWarned(record: ImportRecord, line: number, warnings: RowReason[]): void {
  if (!warnings.length) return;
  record.rows_with_warnings++;
  keep(record.row_warnings, line, warnings);
}

/**
 * A batch written: imported and duplicates added up; each new voucher with a rate review counted as needing review
 * with its reason — a duplicate was left as stored, so its review (or its resolution) is not this import's.
 */
export function countWritten(
  record: ImportRecord,
  batch: ReadonlyArray<{ line: number; review: RateReview | null }>,
  written: { imported: number; duplicates: number; duplicateAt: ReadonlySet<number> },
): void {
  record.rows_imported += written.imported;
  record.rows_duplicated += written.duplicates;
  batch.forEach(({ line, review }, index) => {
    if (!review || written.duplicateAt.has(index)) return;
    record.rows_needing_review++;
    keep(record.row_reviews, line, [review]);
  });
}

/** The activity log's sentence for an import (Spanish, as the panel shows it). */
export const outcomeOf = (record: ImportRecord): string =>
  `${record.file_name}: ${record.rows_imported} comprobantes nuevos, ${record.rows_duplicated} repetidos, ${record.rows_with_errors} con errores, ${record.rows_needing_review} con alícuota a revisar (${record.status})`;

/** A CSV the parser cannot read (an unclosed quote, an absurdly long cell) as a sentence; undefined for other errors. */
export function csvFailure(error: unknown): string | undefined {
  const code = (error as { code?: string } | null)?.code;
  return typeof code === 'string' && code.startsWith('CSV_') ? `the CSV cannot be read: ${(error as Error).message}` : undefined;
}

/** The stored file name: the upload's own, cut to 300 characters, or `upload` when it has none. */
export const fileNameOf = (filename: string | undefined): string => (filename || 'upload').slice(0, 300);

/**
 * How long a running import may go without writing its progress before a read shows it `interrupted`: it writes its
 * counts after each batch written, and after every IMPORT_PROGRESS_ROWS rows refused in a row (a batch's worth),
 * well within this, so only an import whose gateway stopped (a crash, a kill) stays silent this long. Its counts are what it had stored by then; uploading
 * the file again completes it (stored vouchers count as duplicates).
 */
export const IMPORT_SILENCE_MS = 5 * 60 * 1000;
export const IMPORT_PROGRESS_ROWS = 5000;

/** The import as a reader sees it at `now` (reads never write: the stored record keeps `running`). */
export function importAsOf(doc: ImportDocument, now: Date): ImportDocument {
  const silent = now.getTime() - doc.updated_at.getTime() > IMPORT_SILENCE_MS;
  return doc.status === 'running' && silent ? { ...doc, status: 'interrupted' } : doc;
}

/** The counters an import writes as it goes (its reports are written when it ends). */
export const progressOf = (record: ImportRecord) => ({
  rows_total: record.rows_total,
  rows_imported: record.rows_imported,
  rows_duplicated: record.rows_duplicated,
  rows_with_errors: record.rows_with_errors,
  rows_with_warnings: record.rows_with_warnings,
  rows_needing_review: record.rows_needing_review,
  suppliers_created: record.suppliers_created,
  bytes_read: record.bytes_read,
});

/**
 * How far an import has gone, 0 to 100: the share of the CSV's bytes read (the row count is not known before the
 * last row: a ZIP would be unpacked twice to count it, and a quoted cell may hold a line break). A running import
 * stays below 100 while its last batches are written; a completed one is 100. A record older than the byte counts
 * is 100 when completed, else 0.
 */
export function percentOf(doc: Pick<ImportDocument, 'status' | 'bytes_read' | 'bytes_total'>): number {
  if (doc.status === 'completed') return 100;
  if (!doc.bytes_total || !doc.bytes_read) return 0;
  return Math.min(99, Math.floor((doc.bytes_read * 100) / doc.bytes_total));
}

/** Whether an import (as a reader sees it, see importAsOf) has ended: nothing about it changes any more. */
export const ended = (doc: Pick<ImportDocument, 'status'>): boolean => doc.status !== 'running';
