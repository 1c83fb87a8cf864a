import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { PageInfo } from './common';
import { JournalEntry, LedgerAccountType } from './accounting.types';

/** The account a report row is about. */
@ObjectType('ReportAccountFields')
abstract class ReportAccountFields {
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
}

@ObjectType({ description: 'One account of the trial balance (Balance de Sumas y Saldos); a parent’s figures include its descendants’.' })
export class TrialBalanceRow extends ReportAccountFields {
  @Field(() => Float, { description: 'Debit balance before the period (saldo inicial deudor).' })
  openingDebit!: number;

  @Field(() => Float, { description: 'Credit balance before the period (saldo inicial acreedor).' })
  openingCredit!: number;

  @Field(() => Float, { description: 'Debits posted in the period (sumas del Debe).' })
  debit!: number;

  @Field(() => Float, { description: 'Credits posted in the period (sumas del Haber).' })
  credit!: number;

  @Field(() => Float, { description: 'Debit balance at the end of the period (saldo deudor).' })
  closingDebit!: number;

  @Field(() => Float, { description: 'Credit balance at the end of the period (saldo acreedor).' })
  closingCredit!: number;

  @Field(() => Float, { description: 'The closing balance in the account’s nature (negative when on the other side).' })
  balance!: number;
}

@ObjectType({ description: 'The trial balance’s totals over the lowest listed accounts (each posting counted once).' })
export class TrialBalanceTotals {
  @Field(() => Float)
  openingDebit!: number;

  @Field(() => Float)
  openingCredit!: number;

  @Field(() => Float)
  debit!: number;

  @Field(() => Float)
  credit!: number;

  @Field(() => Float)
  closingDebit!: number;

  @Field(() => Float)
  closingCredit!: number;
}

@ObjectType({ description: 'Balance de Sumas y Saldos: opening balance, the period’s debits and credits, and closing balance of every account.' })
export class TrialBalance {
  @Field(() => String, { description: 'YYYY-MM-DD, first day of the period.' })
  from!: string;

  @Field(() => String, { description: 'YYYY-MM-DD, last day of the period.' })
  to!: string;

  @Field(() => Int)
  level!: number;

  @Field(() => [TrialBalanceRow], { description: 'In code order; accounts without figures only with includeZero.' })
  items!: TrialBalanceRow[];

  @Field(() => TrialBalanceTotals)
  totals!: TrialBalanceTotals;

  @Field(() => Boolean, { description: 'Debits equal credits, and debit balances equal credit balances (opening and closing).' })
  balanced!: boolean;
}

@ObjectType({ description: 'One account of a statement with its amount in the account’s nature (a contra account’s is negative).' })
export class StatementRow extends ReportAccountFields {
  @Field(() => Float)
  amount!: number;
}

@ObjectType({ description: 'The accounts of one type and their total (the type’s level-1 accounts’).' })
export class StatementSection {
  @Field(() => Float)
  total!: number;

  @Field(() => [StatementRow], { description: 'In code order, down to the report’s level.' })
  items!: StatementRow[];
}

@ObjectType({ description: 'Estado de Resultados: the period’s revenue and expenses, grouped by the chart’s headings, and the result.' })
export class IncomeStatement {
  @Field(() => String)
  from!: string;

  @Field(() => String)
  to!: string;

  @Field(() => Int)
  level!: number;

  @Field(() => StatementSection, { description: 'Revenue accounts: credits − debits of the period.' })
  revenue!: StatementSection;

  @Field(() => StatementSection, { description: 'Expense accounts: debits − credits of the period.' })
  expenses!: StatementSection;

  @Field(() => Float, { description: 'Revenue − expenses: a profit when positive (Resultado del ejercicio).' })
  result!: number;
}

@ObjectType({ description: 'Estado de Situación Patrimonial at the end of a day; assets = liabilities + equity + unclosed result is checked.' })
export class BalanceSheet {
  @Field(() => String, { description: 'YYYY-MM-DD: entries dated up to this day count.' })
  asOf!: string;

  @Field(() => Int)
  level!: number;

  @Field(() => StatementSection)
  assets!: StatementSection;

  @Field(() => StatementSection)
  liabilities!: StatementSection;

  @Field(() => StatementSection)
  equity!: StatementSection;

  @Field(() => Float, { description: 'Revenue − expenses not yet closed into equity (the result before the fiscal close).' })
  unclosedResult!: number;

  @Field(() => Float, { description: 'Liabilities + equity + the unclosed result.' })
  liabilitiesAndEquity!: number;

  @Field(() => Float, { description: 'Assets − (liabilities + equity + unclosed result): 0 in a book that balances.' })
  difference!: number;

  @Field(() => Boolean)
  balanced!: boolean;
}

@ObjectType({ description: 'A posted journal line where it stands in the book.' })
export class LedgerLine {
  @Field(() => ID, { description: 'The journal entry of the line.' })
  entryId!: string;

  @Field(() => String)
  date!: string;

  @Field(() => Int, { description: 'The entry’s number within its fiscal year.' })
  number!: number;

  @Field(() => Int, { nullable: true })
  fiscalYear!: number | null;

  @Field(() => String, { description: 'posted, or reversed (its counter-entry is in the book too).' })
  status!: string;

  @Field(() => String, { description: 'The entry’s description.' })
  entryDescription!: string;

  @Field(() => String, { nullable: true })
  referenceType!: string | null;

  @Field(() => String, { nullable: true })
  referenceId!: string | null;

  @Field(() => Int, { description: 'The line’s position in its entry (0-based).' })
  lineIndex!: number;

  @Field(() => String)
  accountCode!: string;

  @Field(() => String, { nullable: true })
  accountName!: string | null;

  @Field(() => String, { nullable: true, description: 'The line’s own description.' })
  description!: string | null;

  @Field(() => Float)
  debit!: number;

  @Field(() => Float)
  credit!: number;
}

@ObjectType({ description: 'A ledger line with the account’s balance after it, in the account’s nature.' })
export class LedgerRunningLine extends LedgerLine {
  @Field(() => Float)
  balance!: number;
}

@ObjectType({ description: 'One account of a ledger (Mayor): its figures over the period and the page’s lines.' })
export class LedgerSection extends ReportAccountFields {
  @Field(() => Float, { description: 'Balance before the period, in the account’s nature.' })
  openingBalance!: number;

  @Field(() => Float, { description: 'Debits of the whole period.' })
  totalDebit!: number;

  @Field(() => Float, { description: 'Credits of the whole period.' })
  totalCredit!: number;

  @Field(() => Float, { description: 'Balance at the end of the period, in the account’s nature.' })
  closingBalance!: number;

  @Field(() => [LedgerRunningLine], { description: 'This page’s lines in book order (day, entry number, line).' })
  lines!: LedgerRunningLine[];
}

@ObjectType({ description: 'Mayor of one account (a heading account’s: its descendants’ lines), a page at a time.' })
export class AccountLedger {
  @Field(() => String)
  from!: string;

  @Field(() => String)
  to!: string;

  @Field(() => LedgerSection)
  account!: LedgerSection;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last.' })
  nextCursor!: string | null;
}

@ObjectType({ description: 'Libro Mayor: every account with posted lines in the period, a page of lines at a time.' })
export class GeneralLedger {
  @Field(() => String)
  from!: string;

  @Field(() => String)
  to!: string;

  @Field(() => [LedgerSection], { description: 'In code order; a page may end inside an account and the next go on there.' })
  accounts!: LedgerSection[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;
}

@ObjectType({ description: 'Libro Diario of one day: its posted entries in number order.' })
export class DailyJournal {
  @Field(() => String)
  date!: string;

  @Field(() => Float, { description: 'Everything debited that day (all pages).' })
  totalDebit!: number;

  @Field(() => Float)
  totalCredit!: number;

  @Field(() => [JournalEntry])
  entries!: JournalEntry[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;
}

@ObjectType({ description: 'The cash moved by one activity, by counterpart account (rolled up to the report’s level).' })
export class CashFlowActivity {
  @Field(() => Float, { description: 'Net cash in (positive) or out (negative).' })
  total!: number;

  @Field(() => [StatementRow], { description: 'Counterpart accounts; amount: cash in (positive) or out (negative).' })
  items!: StatementRow[];
}

@ObjectType({ description: 'Estado de Flujo de Efectivo (direct method) of the cash and bank accounts under one heading.' })
export class CashFlow {
  @Field(() => String)
  from!: string;

  @Field(() => String)
  to!: string;

  @Field(() => Int)
  level!: number;

  @Field(() => String, { description: 'The heading (or account) whose postable accounts are the cash.' })
  cashAccount!: string;

  @Field(() => Float)
  openingCash!: number;

  @Field(() => Float, { description: 'Debits to the cash accounts in the period (transfers between them included).' })
  inflows!: number;

  @Field(() => Float, { description: 'Credits to the cash accounts in the period.' })
  outflows!: number;

  @Field(() => Float)
  netChange!: number;

  @Field(() => Float)
  closingCash!: number;

  @Field(() => CashFlowActivity, { description: 'Customers, suppliers, salaries, taxes, revenue and expenses.' })
  operating!: CashFlowActivity;

  @Field(() => CashFlowActivity, { description: 'Non-current assets (bienes de uso, intangibles).' })
  investing!: CashFlowActivity;

  @Field(() => CashFlowActivity, { description: 'Bank and financial debts, equity.' })
  financing!: CashFlowActivity;

  @Field(() => Boolean, { description: 'Opening + net change = closing, and the activities add up to the net change.' })
  balanced!: boolean;
}

@ObjectType({ description: 'A page of an account’s posted lines.' })
export class LedgerLineConnection {
  @Field(() => [LedgerLine])
  nodes!: LedgerLine[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
