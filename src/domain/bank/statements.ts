import DataLoader from 'dataloader';
import { ObjectId } from 'mongodb';
import type { BankMatchDocument, BankStatementDocument, BankStatementLineDocument } from '../../store/bank';
import type { LedgerDailyTotalDocument } from '../../store/ledger';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { bankJournalLines, statementOf, unmatchedLines } from './matching';

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

/** A statement's lines in file order, optionally only the open or the matched ones. */
export async function statementLines(
  context: RequestContext,
  statement: BankStatementDocument,
  status: 'open' | 'matched' | undefined,
  page: number,
  limit: number,
): Promise<StatementPage<BankStatementLineDocument>> {
  const filter = { account_id: requirePrincipal(context).accountId, statement_id: statement._id, ...(status ? { status } : {}) };
  const lines = context.store.collection<BankStatementLineDocument>('bank_statement_lines');
  const window = pageOf(page, limit);
  const [items, total] = await Promise.all([
    lines.find(filter, { sort: status ? { status: 1, date: 1, _id: 1 } : { line: 1, _id: 1 }, ...window }).toArray(),
    lines.countDocuments(filter),
  ]);
  return { items, total };
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

/** Where the statement stands against the ledger: aggregated in the database, plus the period's unmatched bank lines. */
export async function reconciliation(context: RequestContext, statement: BankStatementDocument): Promise<Reconciliation> {
  const accountId = requirePrincipal(context).accountId;
  const to = statement.period_to ?? '0000-00-00';
  const from = statement.period_from ?? to;
  const [byStatus, ledger, journal] = await Promise.all([
    context.store
      .collection<BankStatementLineDocument>('bank_statement_lines')
      .aggregate<{ _id: string; count: number; cents: number }>([
        { $match: { account_id: accountId, statement_id: statement._id } },
        { $group: { _id: '$status', count: { $sum: 1 }, cents: { $sum: '$amount_cents' } } },
      ])
      .toArray(),
    context.store
      .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
      .aggregate<{ debit: number; credit: number }>([
        { $match: { account_id: accountId, account_code: statement.ledger_account_code, day: { $lte: to } } },
        { $group: { _id: null, debit: { $sum: '$debit_cents' }, credit: { $sum: '$credit_cents' } } },
      ])
      .toArray(),
    bankJournalLines(context, statement.ledger_account_code, from, to),
  ]);
  const openLedger = await unmatchedLines(context, journal);
  const matched = byStatus.find((group) => group._id === 'matched');
  const open = byStatus.find((group) => group._id === 'open');
  const ledgerBalanceCents = (ledger[0]?.debit ?? 0) - (ledger[0]?.credit ?? 0);
  const openLedgerCents = openLedger.reduce((sum, line) => sum + line.amountCents, 0);
  const reconciledBalanceCents = ledgerBalanceCents + (open?.cents ?? 0) - openLedgerCents;
  return {
    statementClosingCents: statement.closing_balance_cents,
    ledgerBalanceCents,
    matchedLines: matched?.count ?? 0,
    openLines: open?.count ?? 0,
    matchedCents: matched?.cents ?? 0,
    openStatementCents: open?.cents ?? 0,
    openLedgerLines: openLedger.length,
    openLedgerCents,
    reconciledBalanceCents,
    differenceCents: statement.closing_balance_cents === null ? null : statement.closing_balance_cents - reconciledBalanceCents,
  };
}
