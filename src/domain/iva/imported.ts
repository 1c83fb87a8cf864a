import type { RequestContext } from '../context';
import { coefficientBp } from './coefficient';
import { getConfig } from './config';
import { writeLines } from './kept';
import { fromIssuedVoucher, fromReceivedInvoice, type IssuedVoucherSource, type ReceivedInvoiceSource } from './sources';

const configOfRequest = new WeakMap<RequestContext, ReturnType<typeof getConfig>>();

/** The settings, read once per import: every batch of the request shares them. */
function configOf(context: RequestContext): ReturnType<typeof getConfig> {
  let config = configOfRequest.get(context);
  if (!config) {
    config = getConfig(context);
    configOfRequest.set(context, config);
  }
  return config;
}

/**
 * The book lines of an import's batch, made from the documents just stored (the duplicates, stored before, are left
 * as they are) and written with one bulk write. A batch is inserted with one unordered insertMany that lets the
 * unique natural key refuse duplicates, which a transaction does not survive (a refused write aborts it): the lines
 * follow the batch's write instead of sharing its transaction. The import refuses rows of closed periods, so every
 * line falls in an open one; lines are upserts by source, so writing them again changes nothing.
 */
export async function keepImportedLines(
  context: RequestContext,
  kind: 'received_invoices' | 'issued_vouchers',
  batch: ReadonlyArray<{ voucher: object }>,
  duplicateAt: ReadonlySet<number>,
): Promise<void> {
  const stored = batch.filter((_, at) => !duplicateAt.has(at)).map(({ voucher }) => voucher);
  if (!stored.length) return;
  const config = await configOf(context);
  if (kind === 'issued_vouchers') {
    if (config.sources.issuedVouchers) await writeLines(context, (stored as IssuedVoucherSource[]).map(fromIssuedVoucher), context.now());
    return;
  }
  const coefficient = coefficientBp(config);
  if (config.sources.receivedInvoices)
    await writeLines(
      context,
      (stored as ReceivedInvoiceSource[]).map((invoice) => fromReceivedInvoice(invoice, coefficient)),
      context.now(),
    );
}
