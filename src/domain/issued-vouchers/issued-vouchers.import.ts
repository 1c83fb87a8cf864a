import type { IssuedVoucherDocument } from '../../store/issued-vouchers.store';
import type { ImportDocument } from '../../store/voucher-imports.store';
import { requirePrincipal, type RequestContext } from '../context';
import { refusingClosedPeriods } from '../mis-comprobantes/closed-periods';
import { importExport, type ImportOptions, type UploadedFile } from '../mis-comprobantes/import-loop';
import { rateReviewOf } from '../mis-comprobantes/rate-review';
import { insertNew } from '../mis-comprobantes/insert-new';
import { keepImportedLines } from '../iva/imported';
import { fceState } from '../fce/events';
import { type ImportedIssuedVoucher, readIssuedRow } from './issued-vouchers.csv-row';

/**
 * Imports a "Mis Comprobantes Emitidos" export into the account's issued vouchers (see importExport). The unique
 * natural key (account, voucher code, point of sale, number) stores each voucher once, whatever the re-imports and
 * concurrent uploads. A voucher dated in a closed VAT period is a row error, as in the Recibidos import.
 */
export async function importIssuedVouchers(context: RequestContext, file: UploadedFile, options: ImportOptions = {}): Promise<ImportDocument> {
  const accountId = requirePrincipal(context).accountId;
  const vouchers = context.store.collection<IssuedVoucherDocument>('issued_vouchers');
  return importExport<ImportedIssuedVoucher>(
    context,
    file,
    {
      direction: 'issued',
      history: 'issued_voucher_imports',
      vouchers: 'issued_vouchers',
      readRow: await refusingClosedPeriods(context, readIssuedRow),
      async writeBatch(batch, record) {
        const now = context.now();
        // Completed in place: the row reader's object already starts with its `_id` (see readVoucher).
        const docs = batch.map(({ voucher, review }) =>
          Object.assign(voucher, {
            account_id: accountId,
            source: 'excel_import' as const,
            import_id: record._id,
            ...rateReviewOf(review, now),
            created_at: now,
            updated_at: now,
            ...fceState(voucher.voucher_type),
          }),
        );
        const written = await insertNew(vouchers, docs);
        await keepImportedLines(context, 'issued_vouchers', batch, written.duplicateAt, record._id);
        return { imported: written.inserted, duplicates: written.duplicates, duplicateAt: written.duplicateAt };
      },
    },
    options,
  );
}
