import type { ImportDocument, RowReport } from '../../store/voucher-imports';
import type { RowReason } from './row';
import type { RateReview } from './vat-lines';

/** Row reports kept in an import's history per kind (refused, warned, needing review); all are counted. */
export const KEPT_ROW_REPORTS = 100;

/** The history record of an import as it runs: every counter and report list present. */
export type ImportRecord = ImportDocument & Required<Pick<ImportDocument, 'rows_needing_review' | 'row_reviews'>>;

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
