import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { type MongoBulkWriteError, ObjectId } from 'mongodb';
import type { AccountDocument } from '../../store/accounts';
import type { ImportDocument, ReceivedInvoiceDocument } from '../../store/received-invoices';
import type { SupplierDocument } from '../../store/suppliers';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { readRow, type ImportedVoucher } from './csv-row';
import { openExport, spool } from './csv-source';

/** Vouchers written per insertMany: large enough to amortise a round trip, small enough to keep memory flat. */
export const BATCH_SIZE = 1000;
/** Row problems kept in the import's history (all are counted). */
export const KEPT_ROW_ERRORS = 100;
const DUPLICATE_KEY = 11000;

export interface UploadedFile {
  filename: string;
  createReadStream(): Readable;
}

export interface ImportOptions {
  /** Create a supplier (name, CUIT, fiscal_info) for each issuer CUIT the account does not have yet. */
  createMissingSuppliers?: boolean;
}

interface Pending {
  line: number;
  voucher: ImportedVoucher;
}

/**
 * Inserts a batch with one unordered insertMany: the unique natural key (account, issuer CUIT, voucher code, point of
 * sale, number) refuses what is already there — from an earlier import, earlier in the file, or a concurrent upload
 * of the same file — and each refusal counts as a duplicate. Any other write error fails the import.
 */
async function writeBatch(context: RequestContext, batch: Pending[], importId: ObjectId, now: Date): Promise<{ imported: number; duplicates: number }> {
  if (!batch.length) return { imported: 0, duplicates: 0 };
  const accountId = requirePrincipal(context).accountId;
  const docs = batch.map(({ voucher }) => ({
    ...voucher,
    _id: new ObjectId(),
    account_id: accountId,
    cae_expiration: null,
    processed_date: null,
    status: 'pending' as const,
    source: 'excel_import' as const,
    linked_journal_entry_id: null,
    linked_expense_id: null,
    linked_account_id: null,
    notes: null,
    import_id: importId,
    created_at: now,
    updated_at: now,
  }));
  try {
    const result = await context.store.collection<ReceivedInvoiceDocument>('received_invoices').insertMany(docs, { ordered: false });
    return { imported: result.insertedCount, duplicates: 0 };
  } catch (error) {
    const bulk = error as MongoBulkWriteError;
    const writeErrors = bulk.writeErrors ? (Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors]) : [];
    if (!writeErrors.length || writeErrors.some((writeError) => writeError.code !== DUPLICATE_KEY)) throw error;
    return { imported: docs.length - writeErrors.length, duplicates: writeErrors.length };
  }
}

/** One supplier per unknown issuer CUIT of the batch (the suppliers' unique tax id absorbs a concurrent import's). */
async function createSuppliers(context: RequestContext, batch: Pending[], now: Date): Promise<number> {
  const accountId = requirePrincipal(context).accountId;
  const names = new Map(batch.map(({ voucher }) => [voucher.supplier_cuit, voucher.supplier_name]));
  if (!names.size) return 0;
  const suppliers = context.store.collection<SupplierDocument>('suppliers');
  const known = await suppliers.find({ account_id: accountId, tax_id: { $in: [...names.keys()] } }, { projection: { tax_id: 1 } }).toArray();
  for (const { tax_id } of known) names.delete(tax_id!);
  if (!names.size) return 0;
  const docs = [...names].map(([cuit, name]) => ({
    _id: new ObjectId(),
    account_id: accountId,
    name: name.length >= 2 ? name.slice(0, 200) : `CUIT ${cuit}`,
    tax_id: cuit,
    fiscal_info: { tipo_documento: 80, numero_documento: cuit, razon_social: name.slice(0, 200) },
    status: 'active' as const,
    tags: [],
    product_ids: [],
    created_at: now,
    updated_at: now,
  }));
  try {
    return (await suppliers.insertMany(docs, { ordered: false })).insertedCount;
  } catch (error) {
    const bulk = error as MongoBulkWriteError;
    const writeErrors = bulk.writeErrors ? (Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors]) : [];
    if (!writeErrors.length || writeErrors.some((writeError) => writeError.code !== DUPLICATE_KEY)) throw error;
    return docs.length - writeErrors.length;
  }
}

/**
 * Imports a "Mis Comprobantes Recibidos" export (the portal's ZIP or its CSV): the file is spooled to disk, its
 * layout and encoding found from the header, and its rows streamed through csv-parse and written in batches, so
 * memory stays flat whatever the file's size. A row with a problem is reported with its line and skipped; the import
 * goes on. The import is recorded in the history with its counts.
 */
export async function importReceivedInvoices(context: RequestContext, file: UploadedFile, options: ImportOptions = {}): Promise<ImportDocument> {
  const principal = requirePrincipal(context);
  const account = await context.store.collection<AccountDocument>('accounts').findOne({ _id: principal.accountId });
  if (!account) throw new ValidationError('the account has no CUIT');
  const spooled = await spool(file.createReadStream());
  try {
    const source = await openExport(spooled);
    const history = context.store.collection<ImportDocument>('received_invoice_imports');
    const startedAt = context.now();
    const record: ImportDocument = {
      _id: new ObjectId(),
      account_id: principal.accountId,
      file_name: (file.filename || 'upload').slice(0, 300),
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
      user_id: principal.userId,
      started_at: startedAt,
      finished_at: null,
      created_at: startedAt,
      updated_at: startedAt,
    };
    await history.insertOne(record);
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
      let batch: Pending[] = [];
      const flush = async () => {
        if (options.createMissingSuppliers) record.suppliers_created += await createSuppliers(context, batch, context.now());
        const written = await writeBatch(context, batch, record._id, context.now());
        record.rows_imported += written.imported;
        record.rows_duplicated += written.duplicates;
        batch = [];
      };
      for await (const { record: cells, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        record.rows_total++;
        const result = readRow(cells, source.layout, account.cuit);
        if ('problems' in result) {
          record.rows_with_errors++;
          if (record.row_errors.length < KEPT_ROW_ERRORS) record.row_errors.push({ line: info.lines, messages: result.problems });
          continue;
        }
        if (result.warnings.length) {
          record.rows_with_warnings++;
          if (record.row_warnings.length < KEPT_ROW_ERRORS) record.row_warnings.push({ line: info.lines, messages: result.warnings });
        }
        batch.push({ line: info.lines, voucher: result.voucher });
        if (batch.length >= BATCH_SIZE) await flush();
      }
      await flush();
      record.status = 'completed';
    } catch (error) {
      record.status = 'failed';
      record.failure = csvFailure(error);
      if (!record.failure) throw error;
    } finally {
      record.finished_at = context.now();
      record.updated_at = record.finished_at;
      const { _id, ...rest } = record;
      await history.updateOne({ _id }, { $set: rest });
    }
    if (record.failure) throw new ValidationError(record.failure, [{ path: 'file', message: record.failure }], 'BAD_CSV');
    return record;
  } finally {
    await spooled.dispose();
  }
}

/** A CSV the parser cannot read (an unclosed quote, an absurdly long cell) as a sentence; undefined for other errors. */
function csvFailure(error: unknown): string | undefined {
  const code = (error as { code?: string }).code;
  return typeof code === 'string' && code.startsWith('CSV_') ? `the CSV cannot be read: ${(error as Error).message}` : undefined;
}
