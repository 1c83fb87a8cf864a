import { ISSUED_VOUCHER } from '../domain/issued-vouchers/issued-vouchers.declaration';
import { createIssuedVoucherSchema, issuedVoucherFilterSchema, updateIssuedVoucherSchema } from '../domain/issued-vouchers/issued-vouchers.service';
import { declaredTypes } from './declared.types';

export const ISSUED_VOUCHER_TYPES = declaredTypes(ISSUED_VOUCHER, {
  createSchema: createIssuedVoucherSchema,
  updateSchema: updateIssuedVoucherSchema,
  filterSchema: issuedVoucherFilterSchema,
});

export const IssuedVoucher = ISSUED_VOUCHER_TYPES.Record;
export type IssuedVoucher = Record<string, unknown> & { id: string };
