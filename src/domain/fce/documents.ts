import type { ObjectId } from 'mongodb';
import type { IssuedVoucherDocument } from '../../store/issued-vouchers.store';
import type { FceEventType, FceStatus } from './lifecycle';

/** One entry of an FCE voucher's lifecycle log. */
export type FceEventDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  fce_invoice_id: ObjectId;
  event_type: FceEventType;
  payload: Record<string, unknown>;
  recorded_by: string;
  recorded_at: Date;
  /** Position in the voucher's log (1, 2, …): orders events recorded within the same millisecond. */
  seq: number;
};

/** An issued voucher with the FCE state kept on it (only FCE vouchers carry it). */
export type FceVoucher = IssuedVoucherDocument & {
  fce_status?: FceStatus;
  last_event_at?: Date | null;
  fce_events?: number;
  /** Set when the voucher's acceptance was the tacit one (its term ran out). */
  fce_acceptance?: 'tacit';
};
