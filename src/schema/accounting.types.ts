import { Field, Int, ObjectType } from 'type-graphql';
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
