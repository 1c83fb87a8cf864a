import DataLoader from 'dataloader';
import { ObjectId } from 'mongodb';
import type { BankMatchDocument, BankStatementDocument, BankStatementLineDocument } from '../../store/bank.store';
import type { LedgerDailyTotalDocument } from '../../store/ledger';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { bankJournalLinesOf, statementOf, unmatchedLines } from './matching';

export interface StatementPage<T> {
  items: T[];
  total: number;
}

function pageOf(page: number, limit: number): { skip: number; limit: number } {
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000)
    throw new ValidationError('page must be 1 or more', [{ path: 'page', message: 'must be 1 or more' }]);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500)
    throw new ValidationError('limit must be 1 to 500', [{ path: 'limit', message: 'must be 1 to 500' }]);
  return { skip: (page - 1) * limit, limit };
}

/** Statements newest first, optionally of one bank account (its ledger account code). */
export async function listStatements(
  context: RequestContext,
  ledgerAccountCode: string | undefined,
  page: number,
  limit: number,
): Promise<StatementPage<BankStatementDocument>> {
  const filter = { account_id: requirePrincipal(context).accountId, ...(ledgerAccountCode ? { ledger_account_code: ledgerAccountCode } : {}) };
  const statements = context.store.collection<BankStatementDocument>('bank_statements');
  const window = pageOf(page, limit);
  const [items, total] = await Promise.all([
    statements
      .find(filter, { sort: ledgerAccountCode ? { ledger_account_code: 1, created_at: -1, _id: -1 } : { created_at: -1, _id: -1 }, ...window })
      .toArray(),
    statements.countDocuments(filter),
  ]);
  return { items, total };
}

export const getStatement = statementOf;

/**
 * A statement's lines in file order, optionally only the open or the matched ones: one aggregation for every statement
 * of the request tick asking for the same page (nothing kept afterwards, so a write later in the request shows).
 */
export async function statementLines(
  context: RequestContext,
  statement: BankStatementDocument,
  status: 'open' | 'matched' | undefined,
  page: number,
  limit: number,
): Promise<StatementPage<BankStatementLineDocument>> {
  const window = pageOf(page, limit);
  const sortBy = status ? { date: 1, _id: 1 } : { line: 1, _id: 1 };
  return context
    .loaders()
    .custom(
      `bankStatementLines:${status ?? ''}:${window.skip}:${window.limit}`,
      (accountId) =>
        new DataLoader<string, StatementPage<BankStatementLineDocument>>(
          async (ids) => {
            const groups = await context.store
              .collection<BankStatementLineDocument>('bank_statement_lines')
              .aggregate<{ _id: ObjectId; total: number; docs: BankStatementLineDocument[] }>([
                { $match: { account_id: accountId, statement_id: { $in: ids.map((id) => new ObjectId(id)) }, ...(status ? { status } : {}) } },
                { $group: { _id: '$statement_id', total: { $sum: 1 }, docs: { $topN: { n: window.skip + window.limit, sortBy, output: '$$ROOT' } } } },
              ])
              .toArray();
            const byStatement = new Map(groups.map((group) => [group._id.toHexString(), group]));
            return ids.map((id) => ({ items: byStatement.get(id)?.docs.slice(window.skip) ?? [], total: byStatement.get(id)?.total ?? 0 }));
          },
          { cache: false },
        ),
    )
    .load(statement._id.toHexString());
}

/** The matches of statement lines, batched per request. */
export function matchesOf(context: RequestContext, lineId: ObjectId): Promise<BankMatchDocument[]> {
  return context
    .loaders()
    .custom(
      'bankMatchesByLine',
      (accountId) =>
        new DataLoader<string, BankMatchDocument[]>(async (ids) => {
          const matches = await context.store
            .collection<BankMatchDocument>('bank_matches')
            .find({ account_id: accountId, statement_line_id: { $in: ids.map((id) => new ObjectId(id)) } })
            .toArray();
          return ids.map((id) => matches.filter((match) => match.statement_line_id.toHexString() === id));
        }),
    )
    .load(lineId.toHexString());
}

export interface Reconciliation {
  statementClosingCents: number | null;
  ledgerBalanceCents: number;
  matchedLines: number;
  openLines: number;
  matchedCents: number;
  openStatementCents: number;
  openLedgerLines: number;
  openLedgerCents: number;
  /** Ledger balance + open movements of the statement − posted bank lines of the period not on it: what the bank should show. */
  reconciledBalanceCents: number;
  /** Statement closing balance − reconciled balance (null without a closing balance): zero when everything is explained. */
  differenceCents: number | null;
}

/**
 * Where the statement stands against the ledger: aggregated in the database, plus the period's unmatched bank lines.
 * Every statement of the request tick is reconciled by the same four reads (nothing kept afterwards).
 */
export function reconciliation(context: RequestContext, statement: BankStatementDocument): Promise<Reconciliation> {
  return context
    .loaders()
    .custom(
      'bankReconciliations',
      () => new DataLoader<BankStatementDocument, Reconciliation>((statements) => reconcile(context, statements), { cache: false }),
    )
    .load(statement);
}

async function reconcile(context: RequestContext, statements: readonly BankStatementDocument[]): Promise<Reconciliation[]> {
  const accountId = requirePrincipal(context).accountId;
  const periods = statements.map((statement) => {
    const to = statement.period_to ?? '0000-00-00';
    return { statement, to, from: statement.period_from ?? to };
  });
  const codes = [...new Set(statements.map((statement) => statement.ledger_account_code))];
  // biome-ignore lint/complexity/useMathMinMax: ISO days, compared as strings
  const first = periods.reduce((day, period) => (period.from < day ? period.from : day), periods[0].from);
  // biome-ignore lint/complexity/useMathMinMax: ISO days, compared as strings
  const last = periods.reduce((day, period) => (period.to > day ? period.to : day), periods[0].to);
  const [byStatus, ledger, journal] = await Promise.all([
    context.store
      .collection<BankStatementLineDocument>('bank_statement_lines')
      .aggregate<{ _id: { statement: ObjectId; status: string }; count: number; cents: number }>([
        { $match: { account_id: accountId, statement_id: { $in: statements.map((statement) => statement._id) } } },
        { $group: { _id: { statement: '$statement_id', status: '$status' }, count: { $sum: 1 }, cents: { $sum: '$amount_cents' } } },
      ])
      .toArray(),
    context.store
      .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
      .aggregate<{ _id: { code: string; day: string }; debit: number; credit: number }>([
        { $match: { account_id: accountId, account_code: { $in: codes }, day: { $lte: last } } },
        { $group: { _id: { code: '$account_code', day: '$day' }, debit: { $sum: '$debit_cents' }, credit: { $sum: '$credit_cents' } } },
      ])
      .toArray(),
    bankJournalLinesOf(context, codes, first, last),
  ]);
  const journalOf = (period: (typeof periods)[number]) =>
    journal.filter((line) => line.code === period.statement.ledger_account_code && line.date >= period.from && line.date <= period.to);
  const keyOf = (line: { entryId: ObjectId; lineIndex: number }) => `${line.entryId.toHexString()}:${line.lineIndex}`;
  const open = new Set((await unmatchedLines(context, periods.flatMap(journalOf))).map(keyOf));
  return periods.map((period) => {
    const { statement, to } = period;
    const groupOf = (status: string) => byStatus.find((group) => group._id.statement.equals(statement._id) && group._id.status === status);
    const matched = groupOf('matched');
    const openLines = groupOf('open');
    const days = ledger.filter((row) => row._id.code === statement.ledger_account_code && row._id.day <= to);
    const ledgerBalanceCents = days.reduce((sum, row) => sum + row.debit - row.credit, 0);
    const openLedger = journalOf(period).filter((line) => open.has(keyOf(line)));
    const openLedgerCents = openLedger.reduce((sum, line) => sum + line.amountCents, 0);
    const reconciledBalanceCents = ledgerBalanceCents + (openLines?.cents ?? 0) - openLedgerCents;
    return {
      statementClosingCents: statement.closing_balance_cents,
      ledgerBalanceCents,
      matchedLines: matched?.count ?? 0,
      openLines: openLines?.count ?? 0,
      matchedCents: matched?.cents ?? 0,
      openStatementCents: openLines?.cents ?? 0,
      openLedgerLines: openLedger.length,
      openLedgerCents,
      reconciledBalanceCents,
      differenceCents: statement.closing_balance_cents === null ? null : statement.closing_balance_cents - reconciledBalanceCents,
    };
  });
}
