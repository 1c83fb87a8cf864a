import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { BANK_STATEMENT } from '../domain/bank/bank.declaration';
import { shapeType } from './shape.types';

export const BankStatement = shapeType(BANK_STATEMENT);

@ObjectType({ description: 'Where a statement stands against the ledger of its bank account (amounts +in / −out).' })
export class BankReconciliation {
  @Field(() => Float, { nullable: true, description: 'The balance the bank shows at the end of the statement (from the file), if it gives one.' })
  statementClosingBalance!: number | null;

  @Field(() => Float, { description: 'Posted balance of the bank’s ledger account at the end of the statement’s period.' })
  ledgerBalance!: number;

  @Field(() => Int)
  matchedLines!: number;

  @Field(() => Int)
  openLines!: number;

  @Field(() => Float)
  matchedAmount!: number;

  @Field(() => Float, { description: 'Movements of the statement not matched to the books (in the bank, not yet in the ledger).' })
  openStatementAmount!: number;

  @Field(() => Int)
  openLedgerLines!: number;

  @Field(() => Float, { description: 'Posted bank lines dated in the period not matched to a movement (in the ledger, not in the bank).' })
  openLedgerAmount!: number;

  @Field(() => Float, { description: 'Ledger balance + open statement movements − open ledger lines: what the bank should show.' })
  reconciledBalance!: number;

  @Field(() => Float, { nullable: true, description: 'Statement closing balance − reconciled balance: zero when everything is explained.' })
  difference!: number | null;
}

@ObjectType({ description: 'A journal line a movement is matched to.' })
export class BankMatch {
  @Field(() => String, { description: 'auto or manual.' })
  kind!: string;

  @Field(() => Float)
  amount!: number;

  @Field(() => ID)
  journalEntryId!: string;

  @Field(() => Int, { description: 'Index of the line within the entry’s lines.' })
  lineIndex!: number;

  @Field(() => String)
  explanation!: string;
}

@ObjectType({ description: 'A movement of a statement (+in / −out).' })
export class BankStatementLine {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  statementId!: string;

  @Field(() => Int, { description: 'Line of the file.' })
  line!: number;

  @Field(() => String)
  date!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => Float)
  amount!: number;

  @Field(() => Float, { nullable: true })
  balance!: number | null;

  @Field(() => String, { description: 'open or matched.' })
  status!: string;

  @Field(() => String, { nullable: true })
  matchKind!: string | null;
}

@ObjectType()
export class BankStatementLinePage {
  @Field(() => [BankStatementLine])
  items!: BankStatementLine[];

  @Field(() => Int)
  total!: number;
}

@ObjectType({ description: 'A statement line left open by an auto-match, and why.' })
export class BankLineLeftOpen {
  @Field(() => ID)
  lineId!: string;

  @Field(() => String)
  explanation!: string;
}

@ObjectType({ description: 'What an auto-match did.' })
export class BankAutoMatchResult {
  @Field(() => BankStatement)
  statement!: Record<string, unknown>;

  @Field(() => Int)
  matched!: number;

  @Field(() => Int, { description: 'Open lines left.' })
  open!: number;

  @Field(() => [BankLineLeftOpen])
  left!: BankLineLeftOpen[];
}

@InputType({ description: 'Header names of a CSV’s columns, for a file that is no known export (all optional).' })
export class BankColumnMappingInput {
  @Field(() => String, { nullable: true })
  date?: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => String, { nullable: true, description: 'One signed amount (+in / −out).' })
  amount?: string;

  @Field(() => String, { nullable: true })
  debit?: string;

  @Field(() => String, { nullable: true })
  credit?: string;

  @Field(() => String, { nullable: true })
  balance?: string;

  @Field(() => String, { nullable: true })
  reference?: string;
}

@InputType({ description: 'A journal line: its entry and its index within the entry’s lines.' })
export class JournalLineRefInput {
  @Field(() => ID)
  entryId!: string;

  @Field(() => Int)
  lineIndex!: number;
}
