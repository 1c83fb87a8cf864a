import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

export const EXPENSE_STATUSES = ['pending', 'approved', 'paid', 'refunded', 'cancelled'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/** One VAT aliquot line (AFIP AlicIva): the aliquot id, its taxable base and the tax, in centavos. */
export type StoredIvaItem = { id: number; base_imp_cents: number; importe_cents: number };

/** An expense as stored: field names are the REST API's, money in integer centavos. */
export type ExpenseFields = {
  amount_cents: number;
  description: string;
  /** Percentage, one of 0, 2.5, 5, 10.5, 21, 27. */
  tax_rate: number;
  category?: string;
  /** The expense's day, `YYYY-MM-DD` (sorts and compares as text). */
  date: string;
  iva_items: StoredIvaItem[];
  supplier_id?: ObjectId;
  vendor?: string;
  receipt_url?: string;
  recurring: boolean;
  recurring_period?: string;
  payment_method?: string;
  receipt_number?: string;
  notes?: string;
  tags: string[];
  status: ExpenseStatus;
  approved_at?: Date;
  paid_at?: Date;
  refunded_at?: Date;
  cancelled_at?: Date;
  /** The posted purchase entry (set once, by posting). */
  journal_entry_id?: ObjectId;
  /** The received invoice it was created from. */
  received_invoice_id?: ObjectId;
};

export type ExpenseDocument = TenantDocument & ExpenseFields;
