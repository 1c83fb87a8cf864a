import { Field, Float, Int, ObjectType } from 'type-graphql';
import { LEDGER_ACCOUNT } from '../domain/accounting/account-declaration';
import { createLedgerAccountSchema, ledgerAccountFilterSchema, updateLedgerAccountSchema } from '../domain/accounting/accounts';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import { createJournalEntrySchema, journalEntryFilterSchema, updateJournalEntrySchema } from '../domain/accounting/journal';
import { declaredEnum, declaredObjectType, declaredTypes } from './declared.types';

export const LEDGER_ACCOUNT_TYPES = declaredTypes(LEDGER_ACCOUNT, {
  createSchema: createLedgerAccountSchema,
  updateSchema: updateLedgerAccountSchema,
  filterSchema: ledgerAccountFilterSchema,
});
export const LedgerAccount = LEDGER_ACCOUNT_TYPES.Record;
export type LedgerAccount = Record<string, unknown> & { id: string; code: string; accountType: string; parentCode: string | null };
export const LedgerAccountType = declaredEnum('LedgerAccountType');

export const JOURNAL_ENTRY_TYPES = declaredTypes(JOURNAL_ENTRY, {
  createSchema: createJournalEntrySchema,
  updateSchema: updateJournalEntrySchema,
  filterSchema: journalEntryFilterSchema,
});
export const JournalEntry = JOURNAL_ENTRY_TYPES.Record;
export type JournalEntry = Record<string, unknown> & { id: string; reversalId: string | null; reversesId: string | null };
export const JournalLine = declaredObjectType('JournalLine');
export type JournalLine = Record<string, unknown> & { accountCode: string };

@ObjectType({ description: 'What loading the default chart did.' })
export class ChartSeedResult {
  @Field(() => Int, { description: 'Accounts created: 0 when the chart already had accounts (nothing is changed then).' })
  seeded!: number;

  @Field(() => String)
  message!: string;
}

@ObjectType({ description: "One account's posted figures up to a day; a parent's include its descendants'." })
export class LedgerBalanceRow {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => LedgerAccountType)
  accountType!: string;

  @Field(() => Int)
  level!: number;

  @Field(() => Boolean)
  isDetail!: boolean;

  @Field(() => Float, { description: 'Sum of the posted debits.' })
  debit!: number;

  @Field(() => Float, { description: 'Sum of the posted credits.' })
  credit!: number;

  @Field(() => Float, { description: 'In the account’s nature: debit − credit for asset and expense accounts, credit − debit otherwise.' })
  balance!: number;
}

@ObjectType({ description: 'Balances of the chart as of the end of a day.' })
export class LedgerBalances {
  @Field(() => String, { description: 'YYYY-MM-DD: entries dated up to this day count.' })
  asOf!: string;

  @Field(() => Int, { description: 'Accounts down to this level are listed.' })
  level!: number;

  @Field(() => Float, { description: 'All posted debits (they equal the credits).' })
  totalDebit!: number;

  @Field(() => Float)
  totalCredit!: number;

  @Field(() => [LedgerBalanceRow], { description: 'In code order.' })
  items!: LedgerBalanceRow[];
}
