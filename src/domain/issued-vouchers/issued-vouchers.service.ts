import { importAsOf } from '../mis-comprobantes/import-record';
import type { IssuedVoucherDocument } from '../../store/issued-vouchers.store';
import type { ImportDocument } from '../../store/voucher-imports.store';
import { requirePrincipal, type RequestContext } from '../context';
import { declaredDefinition } from '../declare/declare.resource';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import { notFound } from '../errors';
import { applyReviewChange, changedConflict, type NetRestatement, reviewChange, reviewSummary } from '../mis-comprobantes/review-resolution';
import { Resource } from '../resource';
import { ISSUED_VOUCHER } from './issued-vouchers.declaration';

/** Issued vouchers: read-only (get and list), every record written by an import of the Emitidos export. */
const {
  definition,
  createSchema: createIssuedVoucherSchema,
  updateSchema: updateIssuedVoucherSchema,
  filterSchema: issuedVoucherFilterSchema,
} = declaredDefinition<IssuedVoucherDocument>(ISSUED_VOUCHER);
export { createIssuedVoucherSchema, issuedVoucherFilterSchema, updateIssuedVoucherSchema };

export const issuedVouchers = new Resource<IssuedVoucherDocument, never, never, Record<string, unknown>, never>(definition as never);

/** The account's most recent imports of the Emitidos export, newest first. */
export async function issuedImportHistory(context: RequestContext, limit: number): Promise<ImportDocument[]> {
  const found = await context.store
    .collection<ImportDocument>('issued_voucher_imports')
    .find({ account_id: requirePrincipal(context).accountId }, { sort: { started_at: -1, _id: -1 }, limit })
    .toArray();
  return found.map((doc) => importAsOf(doc, context.now()));
}

/**
 * Sets an issued voucher's VAT lines and clears its rate review, the net split restated with them when asked (the
 * rules of review-resolution.ts, the same as a received invoice's; 400 VAT_LINES_INVALID). Recorded in the activity log.
 */
export async function resolveIssuedVoucherRates(
  context: RequestContext,
  id: string,
  input: unknown,
  restatement: NetRestatement = {},
): Promise<IssuedVoucherDocument> {
  const collection = issuedVouchers.collection(context);
  const doc = await collection.findById(id);
  if (!doc) throw notFound('issued voucher', id);
  const change = reviewChange(doc, input, restatement);
  // The VAT lines are the sales book line's: both change in one transaction.
  return context.store.transaction(async (session) => {
    const updated = await applyReviewChange(collection, doc, change, context.now(), {}, session);
    if (!updated) throw changedConflict('issued voucher', id);
    await recordChanges(context, [actionOn('issued_vouchers', 'issued voucher', 'updated', updated, reviewSummary(change))], session);
    return updated;
  });
}
