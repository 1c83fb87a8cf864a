import { createUnionType, Field, ID, Int, ObjectType } from 'type-graphql';
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

@ObjectType({ description: 'Who made a change.' })
export class ActivityActor {
  @Field(() => String, { description: 'api_key or user.' })
  kind!: string;

  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true, description: 'The API key’s name (keys only).' })
  name!: string | null;
}

@ObjectType({ description: 'One change of one record of the account.' })
export class ActivityEntry {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The collection of the record: suppliers, expenses, received_invoices, journal_entries, bank_statements…' })
  resourceType!: string;

  @Field(() => ID)
  resourceId!: string;

  @Field(() => String, { description: 'created, updated, deleted, posted, reversed, event_recorded, imported, matched or unmatched.' })
  action!: string;

  @Field(() => ActivityActor, { nullable: true })
  actor!: ActivityActor | null;

  @Field(() => Date)
  at!: Date;

  @Field(() => String)
  summary!: string;
}

@ObjectType({ description: 'A page of the account’s activity, newest first.' })
export class ActivityPage {
  @Field(() => [ActivityEntry])
  items!: ActivityEntry[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  perPage!: number;
}
