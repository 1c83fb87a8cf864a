import { ObjectId } from 'mongodb';
import {
  countRefused,
  countWarned,
  countWritten,
  csvFailure,
  ended,
  fileNameOf,
  type ImportRecord,
  KEPT_ROW_REPORTS,
  outcomeOf,
  percentOf,
  progressOf,
  reported,
} from '../../../src/domain/mis-comprobantes/import-record';

/**
 * The counts an import answers and keeps in its history (docs/fiscal-rules.md, "Mis Comprobantes imports": rate review
 * state and re-imports): every row counted, the first 100 reports of each kind kept, a duplicate never counted as
 * needing review (it was left as stored).
 */

function record(): ImportRecord {
  const at = new Date('2026-01-10T15:00:00.000Z');
  return {
    _id: new ObjectId(),
    account_id: new ObjectId(),
    direction: 'received',
    file_name: 'recibidos.csv',
    size: 10,
    sha256: '0'.repeat(64),
    layout: 'G2',
    encoding: 'utf8',
    status: 'running',
    rows_total: 0,
    rows_imported: 0,
    rows_duplicated: 0,
    rows_with_errors: 0,
    suppliers_created: 0,
    row_errors: [],
    rows_with_warnings: 0,
    row_warnings: [],
    rows_needing_review: 0,
    row_reviews: [],
    bytes_total: 10,
    bytes_read: 0,
    user_id: null,
    started_at: at,
    finished_at: null,
    created_at: at,
    updated_at: at,
  };
}

const why = <C extends string>(code: C, message: string) => ({ code, message });

test('a report names its line, its sentences and its reasons', () => {
  expect(reported(7, [why('BAD_DATE', 'issue date: x'), why('BAD_CURRENCY', 'currency: y')])).toEqual({
    line: 7,
    messages: ['issue date: x', 'currency: y'],
    reasons: [why('BAD_DATE', 'issue date: x'), why('BAD_CURRENCY', 'currency: y')],
  });
});

test('refused rows: all counted, the first 100 kept', () => {
  expect(KEPT_ROW_REPORTS).toBe(100);
  const counts = record();
  for (let line = 2; line <= 102; line++) countRefused(counts, line, [why('BAD_DATE', `line ${line}`)]);
  expect(counts.rows_with_errors).toBe(101);
  expect(counts.row_errors).toHaveLength(100);
  expect(counts.row_errors[99]).toEqual({ line: 101, messages: ['line 101'], reasons: [why('BAD_DATE', 'line 101')] });
});

test('warned rows: a row without warnings is not one; all counted, the first 100 kept', () => {
  const counts = record();
  countWarned(counts, 2, []);
  expect(counts.rows_with_warnings).toBe(0);
  expect(counts.row_warnings).toEqual([]);
  for (let line = 3; line <= 103; line++) countWarned(counts, line, [why('TOTAL_ABOVE_AMOUNTS', `line ${line}`)]);
  expect(counts.rows_with_warnings).toBe(101);
  expect(counts.row_warnings).toHaveLength(100);
  expect(counts.row_warnings[0]).toEqual({ line: 3, messages: ['line 3'], reasons: [why('TOTAL_ABOVE_AMOUNTS', 'line 3')] });
});

test('a batch written: imported and duplicates add up; only new rows with a review need review', () => {
  const counts = record();
  const review = why('VAT_RATES_MIXED', 'mixed');
  const batch = [
    { line: 2, review: null },
    { line: 3, review },
    { line: 4, review },
  ];
  // The row of line 4 was already stored: its review is not this import's.
  countWritten(counts, batch, { imported: 2, duplicates: 1, duplicateAt: new Set([2]) });
  countWritten(counts, [{ line: 5, review }], { imported: 1, duplicates: 0, duplicateAt: new Set() });
  expect(counts).toMatchObject({ rows_imported: 3, rows_duplicated: 1, rows_needing_review: 2 });
  expect(counts.row_reviews).toEqual([reported(3, [review]), reported(5, [review])]);
});

test('rows needing review: all counted, the first 100 kept', () => {
  const counts = record();
  const batch = Array.from({ length: 101 }, (_, i) => ({ line: i + 2, review: why('VAT_RATE_UNKNOWN', `line ${i + 2}`) }));
  countWritten(counts, batch, { imported: 101, duplicates: 0, duplicateAt: new Set() });
  expect(counts.rows_needing_review).toBe(101);
  expect(counts.row_reviews).toHaveLength(100);
  expect(counts.row_reviews[99].line).toBe(101);
});

test("the activity log's sentence", () => {
  const counts = { ...record(), rows_imported: 3, rows_duplicated: 4, rows_with_errors: 2, rows_needing_review: 1, status: 'completed' as const };
  expect(outcomeOf(counts)).toBe('recibidos.csv: 3 comprobantes nuevos, 4 repetidos, 2 con errores, 1 con alícuota a revisar (completed)');
});

test("a parser's CSV error is a sentence; any other error is not the CSV's", () => {
  const quote = Object.assign(new Error('Quote Not Closed: at line 3'), { code: 'CSV_QUOTE_NOT_CLOSED' });
  expect(csvFailure(quote)).toBe('the CSV cannot be read: Quote Not Closed: at line 3');
  expect(csvFailure(Object.assign(new Error('refused'), { code: 'E11000' }))).toBeUndefined();
  expect(csvFailure(Object.assign(new Error('odd'), { code: 7 }))).toBeUndefined();
  expect(csvFailure(new Error('disk full'))).toBeUndefined();
  expect(csvFailure(null)).toBeUndefined();
});

test('the stored file name: its own up to 300 characters, else "upload"', () => {
  expect(fileNameOf('recibidos.csv')).toBe('recibidos.csv');
  expect(fileNameOf('x'.repeat(301))).toBe('x'.repeat(300));
  expect(fileNameOf('')).toBe('upload');
  expect(fileNameOf(undefined)).toBe('upload');
});

test('the percent is the share of the bytes read, below 100 until completed, 100 once completed', () => {
  const at = (status: ImportRecord['status'], bytes_read: number | undefined, bytes_total: number | undefined) =>
    percentOf({ status, bytes_read, bytes_total });
  expect(at('running', 0, 200)).toBe(0);
  expect(at('running', 1, 200)).toBe(0);
  expect(at('running', 3, 200)).toBe(1);
  expect(at('running', 199, 200)).toBe(99);
  // Every byte read, its last batches still being written: not done yet.
  expect(at('running', 200, 200)).toBe(99);
  expect(at('completed', 50, 200)).toBe(100);
  expect(at('failed', 100, 200)).toBe(50);
  expect(at('interrupted', 150, 200)).toBe(75);
  // A record older than the byte counts, or an empty CSV.
  expect(at('completed', undefined, undefined)).toBe(100);
  expect(at('running', undefined, undefined)).toBe(0);
  expect(at('running', 10, 0)).toBe(0);
});

test('an import has ended unless it is running', () => {
  expect(ended({ status: 'running' })).toBe(false);
  for (const status of ['completed', 'failed', 'interrupted'] as const) expect(ended({ status })).toBe(true);
});

test('its progress is its counters and the bytes read, without its reports', () => {
  const counts = {
    ...record(),
    rows_total: 7,
    rows_imported: 3,
    rows_duplicated: 1,
    rows_with_errors: 2,
    rows_with_warnings: 1,
    rows_needing_review: 1,
    suppliers_created: 2,
    bytes_read: 9,
  };
  expect(progressOf(counts)).toEqual({
    rows_total: 7,
    rows_imported: 3,
    rows_duplicated: 1,
    rows_with_errors: 2,
    rows_with_warnings: 1,
    rows_needing_review: 1,
    suppliers_created: 2,
    bytes_read: 9,
  });
});
