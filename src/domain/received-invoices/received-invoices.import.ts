import { ObjectId } from 'mongodb';
import type { ImportDocument, ReceivedInvoiceDocument } from '../../store/received-invoices.store';
import type { SupplierDocument } from '../../store/suppliers.store';
import { requirePrincipal, type RequestContext } from '../context';
import { refusingClosedPeriods } from '../mis-comprobantes/closed-periods';
import { importExport, type ImportOptions as RunOptions, type PendingRow, type UploadedFile } from '../mis-comprobantes/import-loop';
import { rateReviewOf } from '../mis-comprobantes/rate-review';
import { insertNew } from '../mis-comprobantes/insert-new';
import { keepImportedLines } from '../iva/imported';
import { type ImportedVoucher, readReceivedRow } from './received-invoices.csv-row';

export type { UploadedFile } from '../mis-comprobantes/import-loop';

export interface ImportOptions extends RunOptions {
  /** Create a supplier (name, CUIT, fiscal_info) for each issuer CUIT the account does not have yet. */
  createMissingSuppliers?: boolean;
}

/**
 * A batch under the unique natural key (account, issuer CUIT, voucher code, point of sale, number): see insertNew. A
 * voucher whose VAT rates are to be reviewed is stored with its stated VAT in its lines and marked `rate_review`.
 */
function writeInvoices(context: RequestContext, batch: PendingRow<ImportedVoucher>[], importId: ObjectId, now: Date) {
  const accountId = requirePrincipal(context).accountId;
  // Completed in place: the row reader's object already starts with its `_id` (see readVoucher). Field by field,
  // not spread: a large file has 100,000 of them.
  const docs = batch.map(({ voucher, review }) => {
    const mark = rateReviewOf(review, now);
    return Object.assign(voucher, {
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
      rate_review: mark.rate_review,
      needs_review: mark.needs_review,
      created_at: now,
      updated_at: now,
    });
  });
  return insertNew(context.store.collection<ReceivedInvoiceDocument>('received_invoices'), docs);
}

/** One supplier per unknown issuer CUIT of the batch (the suppliers' unique tax id absorbs a concurrent import's). */
async function createSuppliers(context: RequestContext, batch: ImportedVoucher[], now: Date): Promise<number> {
  const accountId = requirePrincipal(context).accountId;
  const names = new Map(batch.map((voucher) => [voucher.supplier_cuit, voucher.supplier_name]));
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
  return (await insertNew(suppliers, docs)).inserted;
}

/**
 * Imports a "Mis Comprobantes Recibidos" export into the account's received invoices (see importExport). A voucher
 * dated in a closed VAT period is a row error: the closed book must not change under the accountant.
 */
export async function importReceivedInvoices(context: RequestContext, file: UploadedFile, options: ImportOptions = {}): Promise<ImportDocument> {
  return importExport<ImportedVoucher>(
    context,
    file,
    {
      direction: 'received',
      history: 'received_invoice_imports',
      vouchers: 'received_invoices',
      readRow: await refusingClosedPeriods(context, readReceivedRow),
      async writeBatch(batch, record) {
        if (options.createMissingSuppliers)
          record.suppliers_created += await createSuppliers(
            context,
            batch.map(({ voucher }) => voucher),
            context.now(),
          );
        const written = await writeInvoices(context, batch, record._id, context.now());
        await keepImportedLines(context, 'received_invoices', batch, written.duplicateAt, record._id);
        return { imported: written.inserted, duplicates: written.duplicates, duplicateAt: written.duplicateAt };
      },
    },
    options,
  );
}
