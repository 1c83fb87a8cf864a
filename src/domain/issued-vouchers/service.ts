import type { IssuedVoucherDocument } from '../../store/issued-vouchers';
import type { ImportDocument } from '../../store/voucher-imports';
import { requirePrincipal, type RequestContext } from '../context';
import { declaredDefinition } from '../declare/resource';
import { Resource } from '../resource';
import { ISSUED_VOUCHER } from './declaration';

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
export function issuedImportHistory(context: RequestContext, limit: number): Promise<ImportDocument[]> {
  return context.store
    .collection<ImportDocument>('issued_voucher_imports')
    .find({ account_id: requirePrincipal(context).accountId }, { sort: { started_at: -1, _id: -1 }, limit })
    .toArray();
}
