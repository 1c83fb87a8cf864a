import { ownCuits } from '../taxpayers/taxpayers.service';
import { actionOn } from '../activity/actions';
import { recordActivity } from '../activity/record';
import { statsDayOf } from '../stats/daily-totals';
import { ImportMarks, recountPendingDays } from '../stats/pending-days';
import type { OwnCuits } from './owners';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { ObjectId } from 'mongodb';
import type { AccountDocument } from '../../store/accounts.store';
import type { ImportDocument } from '../../store/voucher-imports.store';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import type { Direction, Layout } from './layout';
import type { RowReason } from './row';
import {
  countRefused,
  countWarned,
  countWritten,
  csvFailure,
  fileNameOf,
  IMPORT_PROGRESS_ROWS,
  type ImportRecord,
  outcomeOf,
  progressOf,
} from './import-record';
import { type DecodedSource, openExport, spool } from './source';
import type { RateReview } from './vat-lines';

/**
 * Vouchers written per insertMany: large enough to amortise a round trip and the store's commit (an embedded-engine
 * commit writes every index page the batch dirtied: 1,000 rows a batch imported at 11,600 rows/s, 4,000 at 15,200,
 * 10,000 at 16,100), small enough to keep memory flat (two batches in memory at most).
 */
export const BATCH_SIZE = 5000;
/** Batches sent and not yet answered. */
const WRITES_IN_FLIGHT = 2;

export interface UploadedFile {
  filename: string;
  createReadStream(): Readable;
}

/**
 * One voucher (with what deserves a look, and why its VAT rates are to be reviewed, if they are), or the problems of
 * its row (each a code and a sentence naming the column).
 */
export type RowResult<V> = { voucher: V; warnings: RowReason[]; review: RateReview | null } | { problems: RowReason[] };

/** A voucher read and not yet written, with its line in the file and its rate review. */
export interface PendingRow<V> {
  voucher: V;
  line: number;
  review: RateReview | null;
}

/** What differs between the Recibidos and the Emitidos import: the rows' meaning, where they go, where history goes. */
export interface ImportPlan<V> {
  direction: Direction;
  /** The history collection. */
  history: 'received_invoice_imports' | 'issued_voucher_imports';
  /** Where the vouchers go (its statistics' daily totals follow the import). */
  vouchers: 'received_invoices' | 'issued_vouchers';
  /** `owners`: the CUITs the account files under (its own, and its additional identities'). */
  readRow(cells: string[], layout: Layout, owners: OwnCuits): RowResult<V>;
  /**
   * Stores a batch (a voucher with a rate review stored marked for it; the record's counters beyond imported,
   * duplicated and needing review are its to update), answering which of the batch (by index) were already stored.
   */
  writeBatch(batch: PendingRow<V>[], record: ImportDocument): Promise<{ imported: number; duplicates: number; duplicateAt: ReadonlySet<number> }>;
}

/**
 * Awaited before each batch is sent, when set: it holds an import at a batch boundary, so that a test can read an
 * import part-way through without depending on timing. Nothing in the gateway sets it.
 */
export const batchBoundary: { wait?: (importId: ObjectId, batch: number) => Promise<void> } = {};

/** The sentence of an import stopped by an error that is not its file's (the store failing): the log has the error. */
export const INTERNAL_FAILURE = 'the import stopped on an internal error; uploading the file again completes it';

export interface ImportOptions {
  /**
   * Answer with the import as it stands once it has started (status `running`), and go on in the background, the
   * spooled file kept until it ends; unset, answer when it has ended.
   */
  respondAsync?: boolean;
}

/**
 * Imports a "Mis Comprobantes" export (the portal's ZIP or its CSV): the file is spooled to disk, its layout and
 * encoding found from the header, and its rows streamed through csv-parse and written in batches, so memory stays
 * flat whatever the file's size. A row with a problem is reported with its line and skipped; the import goes on.
 * A row whose VAT rates are to be reviewed is stored with its stated VAT and counted, with its reason, among the rows
 * needing review (when it is new: a duplicate changes nothing). The import is recorded in the history with its
 * direction and counts, which it updates as it goes (see runImport).
 *
 * A file refused as a whole (not an export, the wrong one, a bad ZIP, too large) is refused before anything is
 * recorded, in both modes. With `respondAsync` the answer is the record as it was stored at the start and the rows
 * are read in the background, as store work that outlives the request (`store.inBackground`: a gateway stopping
 * lets it finish): the spooled copy of the upload (a private temporary file, not the request's) is kept until it
 * ends. Whatever stops it there ends the import as `failed` with a sentence, never as an unhandled rejection.
 */
export async function importExport<V>(context: RequestContext, file: UploadedFile, plan: ImportPlan<V>, options: ImportOptions = {}): Promise<ImportDocument> {
  const principal = requirePrincipal(context);
  const account = await context.store.collection<AccountDocument>('accounts').findOne({ _id: principal.accountId });
  if (!account) throw new ValidationError('the account has no CUIT');
  const owners = await ownCuits(context, account);
  const spooled = await spool(file.createReadStream());
  let started: ImportRecord;
  let source: DecodedSource;
  try {
    source = await openExport(spooled, plan.direction);
    const startedAt = context.now();
    started = {
      _id: new ObjectId(),
      account_id: principal.accountId,
      direction: plan.direction,
      file_name: fileNameOf(file.filename),
      size: spooled.size,
      sha256: spooled.sha256,
      layout: source.layout.name,
      encoding: source.encoding,
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
      bytes_total: source.size,
      bytes_read: 0,
      user_id: principal.userId,
      started_at: startedAt,
      finished_at: null,
      created_at: startedAt,
      updated_at: startedAt,
    };
    await context.store.collection<ImportDocument>(plan.history).insertOne(started);
  } catch (error) {
    await spooled.dispose();
    throw error;
  }
  const record = started;
  if (!options.respondAsync) {
    try {
      await runImport(context, plan, source, owners, record);
    } finally {
      await spooled.dispose();
    }
    // An error that is not the file's was rethrown above.
    if (record.status === 'failed') throw new ValidationError(record.failure!, [{ path: 'file', message: record.failure! }], 'BAD_CSV');
    return record;
  }
  const answer: ImportDocument = { ...record, row_errors: [], row_warnings: [], row_reviews: [] };
  context.store.inBackground(
    () => runImport(context, plan, source, owners, record).finally(() => spooled.dispose()),
    (error) => context.log.error({ err: error, importId: record._id.toHexString() }, 'an import running in the background failed'),
  );
  return answer;
}

/**
 * Reads the rows into the record, writing vouchers in batches, and stores the record as it ends (completed, or failed
 * with a sentence). Its counts are written as it goes — after each batch written, and after every
 * IMPORT_PROGRESS_ROWS rows refused in a row — one write at a time, so the stored counts never go back: an import
 * whose gateway stops reads as interrupted with these counts, and every gateway's subscribers see each write.
 * Rethrows an error that is not the file's (after recording it as failed), for the caller to report.
 */
async function runImport<V>(context: RequestContext, plan: ImportPlan<V>, source: DecodedSource, owners: OwnCuits, record: ImportRecord): Promise<void> {
  const principal = requirePrincipal(context);
  const history = context.store.collection<ImportDocument>(plan.history);
  // Batches are written while the next is read, parsing and the database's work overlapping, and the next write is
  // sent before the last one is answered, so the database never waits for the gateway between batches. At most
  // WRITES_IN_FLIGHT writes and the batch being read are in memory.
  const writing: Array<Promise<void>> = [];
  const marks = new ImportMarks(context.store, principal.accountId, plan.vouchers, record._id);
  // Progress writes go one after another, each taking the counts as they are when it is sent: two batches written at
  // once must not store their counts out of order.
  let progressing: Promise<unknown> = Promise.resolve();
  let refusedSinceProgress = 0;
  const progress = () => {
    refusedSinceProgress = 0;
    progressing = progressing.then(() => {
      record.bytes_read = source.bytesRead();
      return history.updateOne({ _id: record._id, status: 'running' }, { $set: { ...progressOf(record), updated_at: context.now() } });
    });
    return progressing;
  };
  let batches = 0;
  try {
    const parser = Readable.from(source.text).pipe(
      parse({
        delimiter: source.layout.delimiter,
        from_line: source.layout.headerLine + 2,
        relax_quotes: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        max_record_size: 100_000,
        info: true,
      }),
    );
    let batch: PendingRow<V>[] = [];
    const write = async (sending: PendingRow<V>[]) => {
      // The statistics' days of the batch: its months marked as being written before, the days marked changed after.
      const days = new Set(sending.map(({ voucher }) => statsDayOf(plan.vouchers, voucher as Record<string, unknown>)));
      await marks.writing(days);
      // A write that failed may have stored part of the batch: its days count as changed.
      let stored = true;
      try {
        const written = await plan.writeBatch(sending, record);
        countWritten(record, sending, written);
        stored = written.imported > 0;
      } finally {
        if (stored) marks.wrote(days);
      }
      await progress();
    };
    const flush = async () => {
      const sending = batch;
      batch = [];
      if (batchBoundary.wait) await batchBoundary.wait(record._id, ++batches);
      if (writing.length >= WRITES_IN_FLIGHT) await writing.shift();
      const next = write(sending);
      // A failed write is seen when it leaves the window or at the end; until then it must not count as unhandled.
      next.catch(() => undefined);
      writing.push(next);
    };
    for await (const { record: cells, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      record.rows_total++;
      const result = plan.readRow(cells, source.layout, owners);
      if ('problems' in result) {
        countRefused(record, info.lines, result.problems);
        // A file of refused rows writes no batch: its progress is written every batch's worth of them.
        if (++refusedSinceProgress >= IMPORT_PROGRESS_ROWS) await progress();
        continue;
      }
      countWarned(record, info.lines, result.warnings);
      batch.push({ voucher: result.voucher, line: info.lines, review: result.review });
      if (batch.length >= BATCH_SIZE) await flush();
    }
    if (batch.length) await flush();
    for (const next of writing) await next;
    // Two batches are written at once: their reviews are listed in the file's order.
    record.row_reviews.sort((a, b) => a.line - b.line);
    record.status = 'completed';
  } catch (error) {
    record.status = 'failed';
    record.failure = csvFailure(error) ?? INTERNAL_FAILURE;
    if (record.failure === INTERNAL_FAILURE) throw error;
  } finally {
    // A write still under way when reading failed is let finish, so that the history counts what it stored.
    await Promise.allSettled(writing);
    await progressing.catch(() => undefined);
    record.bytes_read = source.bytesRead();
    record.finished_at = context.now();
    record.updated_at = record.finished_at;
    const { _id, ...rest } = record;
    await history.updateOne({ _id }, { $set: rest });
    // Announced to this process's listeners (its metrics); the stored record stays what every process reads.
    context.store.events.emit('import-finished', {
      imported: record.rows_imported,
      duplicated: record.rows_duplicated,
      errors: record.rows_with_errors,
      review: record.rows_needing_review,
    });
    // The import writes in batches, not in one transaction: its activity follows the history record it summarises.
    await recordActivity(context, [actionOn(plan.history, `${plan.direction} vouchers import`, 'imported', record, outcomeOf(record))]);
    // The days it changed are recounted after the import (reads before that read them from the documents; should this
    // process stop first, the sweep recounts them).
    await marks.finish();
    if (marks.leftAny) {
      const { store, log } = context;
      const accountId = principal.accountId;
      store.inBackground(
        () => recountPendingDays(store, accountId, [plan.vouchers]),
        (error) => log.error({ err: error }, 'recounting the statistics of an import failed; the next sweep recounts them'),
      );
    }
  }
}
