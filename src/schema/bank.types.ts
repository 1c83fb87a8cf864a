import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A row of a statement file that was not imported, with its line.' })
export class BankRowError {
  @Field(() => Int)
  line!: number;

  @Field(() => String)
  message!: string;
}

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

@ObjectType({ description: 'An imported bank statement file.' })
export class BankStatement {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The bank’s ledger account (an asset detail account).' })
  ledgerAccountCode!: string;

  @Field(() => String)
  fileName!: string;

  @Field(() => Int)
  size!: number;

  @Field(() => String)
  sha256!: string;

  @Field(() => String, { description: 'csv or ofx.' })
  format!: string;

  @Field(() => String, { description: 'What read the columns: galicia, mercadopago, generic, mapped (the client’s columns) or ofx.' })
  preset!: string;

  @Field(() => String)
  encoding!: string;

  @Field(() => String, { nullable: true })
  periodFrom!: string | null;

  @Field(() => String, { nullable: true })
  periodTo!: string | null;

  @Field(() => Float, { nullable: true })
  openingBalance!: number | null;

  @Field(() => Float, { nullable: true })
  closingBalance!: number | null;

  @Field(() => Int)
  linesTotal!: number;

  @Field(() => Int)
  linesImported!: number;

  @Field(() => Int, { description: 'Movements already stored for this bank account (an overlapping or repeated file).' })
  linesDuplicated!: number;

  @Field(() => Int)
  linesWithErrors!: number;

  @Field(() => [BankRowError], { description: 'The first 100 rows refused.' })
  rowErrors!: BankRowError[];

  @Field(() => String, { description: 'ok: every running balance follows; mismatch: some does not; absent: the file gives none.' })
  balanceCheck!: string;

  @Field(() => Date)
  createdAt!: Date;
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
export class BankStatementPage {
  @Field(() => [BankStatement])
  items!: BankStatement[];

  @Field(() => Int)
  total!: number;
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
  statement!: BankStatement;

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
