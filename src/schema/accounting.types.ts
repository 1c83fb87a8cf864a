import { Field, Int, ObjectType } from 'type-graphql';
import { LEDGER_ACCOUNT } from '../domain/accounting/account-declaration';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import { declaredEnum, declaredObjectType, typesOf } from './declared.types';

export const LedgerAccount = typesOf(LEDGER_ACCOUNT).Record;
export type LedgerAccount = Record<string, unknown> & { id: string; code: string; accountType: string; parentCode: string | null };
export const LedgerAccountType = declaredEnum('LedgerAccountType');

export const JournalEntry = typesOf(JOURNAL_ENTRY).Record;
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
