import { createUnionType } from 'type-graphql';
import { LedgerAccount, JournalEntry } from './accounting.types';
import { Customer } from './customer.types';
import { DeliveryNote } from './delivery-note.types';
import { Expense } from './expense.types';
import { IssuedVoucher } from './issued-voucher.types';
import { Product } from './product.types';
import { ReceivedInvoice } from './received-invoice.types';
import { Supplier } from './supplier.types';
import { Supply } from './supply.types';
import { SupplyConsumption } from './supply-consumption.types';
import { TaxRule } from './tax-rule.types';
import { AdditionalTaxpayer } from './taxpayer.types';

/** The GraphQL type of the records of each collection an activity entry can lead to. */
export const ACTIVITY_RECORD_TYPES = {
  suppliers: Supplier,
  supplies: Supply,
  expenses: Expense,
  delivery_notes: DeliveryNote,
  supply_consumptions: SupplyConsumption,
  customers: Customer,
  products: Product,
  ledger_accounts: LedgerAccount,
  journal_entries: JournalEntry,
  received_invoices: ReceivedInvoice,
  tax_rules: TaxRule,
  additional_taxpayers: AdditionalTaxpayer,
  issued_vouchers: IssuedVoucher,
} as const;

export const ActivityRecord = createUnionType({
  name: 'ActivityRecord',
  description: 'The record an activity entry is about, as it stands now.',
  types: () => Object.values(ACTIVITY_RECORD_TYPES) as never,
  resolveType: (value) => ACTIVITY_RECORD_TYPES[(value as { __collection: keyof typeof ACTIVITY_RECORD_TYPES }).__collection],
});
